import { z } from 'zod';

// `warden probe`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const probeOptions = z.strictObject({
  probes: z.string().min(1).optional(),
  pack: z.array(z.string().min(1)).optional(),
  out: z.string().min(1).optional(),
  execute: z.boolean().optional(),
  local: z.boolean().optional(),
  host: z.string().min(1).optional(),
  port: z.coerce.number().int().min(0).max(65535).optional(),
  token: z.string().min(1).optional(),
  maxConcurrent: z.coerce.number().int().min(1).max(64).optional(),
  maxBody: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).optional(),
  allowTarget: z.array(z.string().min(1)).optional(),
});
export type ProbeOptions = z.infer<typeof probeOptions>;

/** Flags only one verb takes; another verb refuses them rather than ignoring them. */
export const PROBE_VERB_FLAGS: Record<string, ReadonlyArray<keyof ProbeOptions>> = {
  run: ['probes', 'local'],
  'validate-target': ['execute'],
  serve: ['host', 'port', 'token', 'maxConcurrent', 'maxBody', 'allowTarget'],
};
