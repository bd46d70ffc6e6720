import { z } from 'zod';
import { runTargetShape } from './agent-target-options.js';

// `warden approvals`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const approvalsOptions = z.strictObject({
  ...runTargetShape,
});
export type ApprovalsOptions = z.infer<typeof approvalsOptions>;
