import { z } from 'zod';
import { GATE_MODES } from './gate-modes.js';

/**
 * How much a gate lets through without asking. `read-only`: only readOnly tools run.
 * `safe` (default): what can change things asks. `yolo`: nothing asks; deny rules,
 * protected paths and "requires a person" still apply. One definition for every package.
 */
export const GateMode = z.enum(GATE_MODES);
export type GateMode = z.infer<typeof GateMode>;
