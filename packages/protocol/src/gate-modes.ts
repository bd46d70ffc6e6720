import type { GateMode } from './gate-mode.js';

/** The modes, strictest first (the main entry's zod-free copy of the `GateMode` schema's options). */
export const GATE_MODES = Object.freeze(['read-only', 'safe', 'yolo'] as const) satisfies readonly GateMode[];

const PERMISSIVENESS: Record<GateMode, number> = { 'read-only': 0, safe: 1, yolo: 2 };

/** True for one of the three mode names. */
export function isGateMode(value: unknown): value is GateMode {
  return typeof value === 'string' && Object.hasOwn(PERMISSIVENESS, value);
}

/** The stricter of two modes (read-only is strictest). */
export function stricterMode(a: GateMode, b: GateMode): GateMode {
  return PERMISSIVENESS[a] <= PERMISSIVENESS[b] ? a : b;
}
