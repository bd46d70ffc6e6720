import { z } from 'zod';
import { GATE_MODES } from './gate-modes.js';

/** How much a gate lets through without asking (see `GATE_MODES`). One definition for every package. */
export const GateMode = z.enum(GATE_MODES);
export type GateMode = z.infer<typeof GateMode>;
