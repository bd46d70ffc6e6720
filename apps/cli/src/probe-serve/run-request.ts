import { z } from 'zod';

/** The body of `POST /runs`: the target (checked by @warden/evidence) and optional selectors. Strict. */
export const RunRequest = z.strictObject({
  target: z.unknown(),
  selectors: z.array(z.string().min(1).max(200)).max(50).optional(),
});
export type RunRequest = z.infer<typeof RunRequest>;
