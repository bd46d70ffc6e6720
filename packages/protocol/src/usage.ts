import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * Normalized token usage. `inputTokens` counts every input token, cache reads
 * and writes included; `cacheReadTokens`/`cacheWriteTokens` say how many of them
 * were served from or written to a prompt cache. `reasoningTokens` is the part of
 * `outputTokens` spent on reasoning.
 */
export const Usage = z.object({
  inputTokens: count,
  outputTokens: count,
  cacheReadTokens: count.default(0),
  cacheWriteTokens: count.default(0),
  reasoningTokens: count.default(0),
});
export type Usage = z.infer<typeof Usage>;
