import { z } from 'zod';

/**
 * How much a gate lets through without asking. `read-only`: only readOnly tools run.
 * `safe` (default): what can change things asks. `yolo`: nothing asks; deny rules,
 * protected paths and "requires a person" still apply. One definition for every package.
 */
export const GateMode = z.enum(['read-only', 'safe', 'yolo']);
export type GateMode = z.infer<typeof GateMode>;
