import { z } from 'zod';
import { runTargetShape } from './agent-target-options.js';

// `warden a2a`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const a2aOptions = z.strictObject({
  http: z.coerce.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).optional(),
  key: z.string().min(1).optional(),
  publicUrl: z.string().url().optional(),
  agent: z.array(z.string().min(1)).optional(),
  ...runTargetShape,
  maxConcurrent: z.coerce.number().int().min(1).max(64).optional(),
  maxBody: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).optional(),
  maxQueue: z.coerce.number().int().min(0).max(10_000).optional(),
  retryAfter: z.coerce.number().int().min(1).max(3600).optional(),
  pushAllow: z.array(z.string().url()).optional(),
});
export type A2aOptions = z.infer<typeof a2aOptions>;
