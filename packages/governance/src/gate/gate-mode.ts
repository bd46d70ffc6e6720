import { z } from 'zod';

/** `read-only`: only readOnly tools run. `safe` (default): mutating tools ask. `yolo`: no asking, hard limits still apply. */
export const GateMode = z.enum(['read-only', 'safe', 'yolo']);
export type GateMode = z.infer<typeof GateMode>;

const PERMISSIVENESS: Record<GateMode, number> = { 'read-only': 0, safe: 1, yolo: 2 };

/** The stricter of two modes (read-only is strictest). */
export function stricterMode(a: GateMode, b: GateMode): GateMode {
  return PERMISSIVENESS[a] <= PERMISSIVENESS[b] ? a : b;
}
