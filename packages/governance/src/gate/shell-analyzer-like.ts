import type { Decision } from '@warden/protocol';
import type { ShellAnalysis } from '@warden/shell-policy';
import type { GateMode } from '@warden/protocol';

/**
 * What the gate needs from a shell analyzer: a decision on one command string
 * (parsed, never matched by regex). Declared structurally so any analyzer with
 * this shape plugs in; `loadShellAnalyzer()` returns the built-in one.
 *
 * `analyze` is what the taint guard reads (the files a command changes, what it
 * cannot decide); an analyzer without it makes every shell call of a tainted run
 * need a person.
 */
export interface ShellAnalyzerLike {
  decide(
    command: string,
    options: { workspace: string; mode: GateMode; protectedPaths: readonly string[] },
  ): Decision | Promise<Decision>;
  analyze?(command: string, options: { workspace: string; protectedPaths: readonly string[] }): ShellAnalysis | Promise<ShellAnalysis>;
}
