import type { Decision } from '@warden/protocol';
import type { GateMode } from './gate-mode.js';

/**
 * What the gate needs from a shell analyzer: a decision on one command string
 * (parsed, never matched by regex). Declared structurally so any analyzer with
 * this shape plugs in; `loadShellAnalyzer()` returns the built-in one.
 */
export interface ShellAnalyzerLike {
  decide(
    command: string,
    options: { workspace: string; mode: GateMode; protectedPaths: readonly string[] },
  ): Decision | Promise<Decision>;
}
