import { z } from 'zod';
import { runTargetShape } from './agent-target-options.js';

// `warden mcp`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const mcpOptions = z.strictObject({
  stdio: z.boolean().optional(),
  http: z.coerce.number().int().min(0).max(65535).optional(),
  host: z.string().min(1).optional(),
  key: z.string().min(1).optional(),
  agent: z.array(z.string().min(1)).optional(),
  ...runTargetShape,
  maxConcurrent: z.coerce.number().int().min(1).max(64).optional(),
  maxBody: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).optional(),
  // `warden mcp add`
  trust: z.enum(['trusted', 'untrusted']).optional(),
  tool: z.array(z.string().min(1)).optional(),
  env: z.array(z.string().min(1)).optional(),
  header: z.array(z.string().min(1)).optional(),
});
export type McpOptions = z.infer<typeof mcpOptions>;
