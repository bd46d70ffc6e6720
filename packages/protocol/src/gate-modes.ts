/**
 * How much a gate lets through without asking, strictest first. `read-only`: only readOnly tools
 * run. `safe` (default): what can change things asks. `yolo`: nothing asks; deny rules, protected
 * paths and "requires a person" still apply. The one declaration: the `GateMode` schema, the CLI's
 * `--mode` option and the shell analyzer all read it.
 */
export const GATE_MODES = Object.freeze(['read-only', 'safe', 'yolo'] as const);
type Mode = (typeof GATE_MODES)[number];

const PERMISSIVENESS: Record<Mode, number> = { 'read-only': 0, safe: 1, yolo: 2 };

/** True for one of the three mode names. */
export function isGateMode(value: unknown): value is Mode {
  return typeof value === 'string' && Object.hasOwn(PERMISSIVENESS, value);
}

/** The stricter of two modes (read-only is strictest). */
export function stricterMode(a: Mode, b: Mode): Mode {
  return PERMISSIVENESS[a] <= PERMISSIVENESS[b] ? a : b;
}
