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

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

export function addUsage(a: Usage, b: Partial<Usage>): Usage {
  return {
    inputTokens: a.inputTokens + (b.inputTokens ?? 0),
    outputTokens: a.outputTokens + (b.outputTokens ?? 0),
    cacheReadTokens: a.cacheReadTokens + (b.cacheReadTokens ?? 0),
    cacheWriteTokens: a.cacheWriteTokens + (b.cacheWriteTokens ?? 0),
    reasoningTokens: a.reasoningTokens + (b.reasoningTokens ?? 0),
  };
}
