import type { Decision } from '@warden/protocol';

export type ShellMode = 'read-only' | 'safe' | 'yolo';

export interface ShellDecisionContext {
  /** Absolute workspace root; relative paths in the command resolve against it. */
  workspace: string;
  mode: ShellMode;
  /** Extra protected paths, as `pathPolicy` takes them. */
  protectedPaths?: readonly string[];
}

/**
 * One word of a command after static expansion. `text` is undefined when the word's value is
 * only known at run time (a `$(…)`, an unknown variable, `$RANDOM`…).
 */
export interface ShellWord {
  text: string | undefined;
  /** The word holds unquoted glob characters. */
  glob: boolean;
}

/** A simple command found anywhere in the input (pipelines, lists, substitutions, `bash -c`…). */
export interface SimpleCommand {
  /** Normalised name (`/bin/rm` → `rm`); undefined when built at run time. */
  name: string | undefined;
  /** Arguments after the name, statically expanded (undefined entries are dynamic). */
  args: Array<string | undefined>;
  /** Wrappers peeled off to reach this command, outermost first (`sudo`, `env`, `bash -c`…). */
  via: string[];
  /** Nesting depth: 0 for the input itself, +1 per `bash -c`/`eval`/here-string script. */
  depth: number;
}

export type FindingKind = 'deny' | 'undecidable';

export interface ShellFinding {
  kind: FindingKind;
  /** The rule that matched, e.g. `shell.privilege_escalation`. */
  rule: string;
  reason: string;
}

/**
 * A file the command can change: deleted, written, truncated, moved, re-moded. `path` is the
 * workspace-relative target after the path policy's normalisation; undefined when the target is
 * not one known file (a glob, a path built at run time, a path outside the workspace, or a command
 * such as `git checkout .` or `python -c` that can change files it does not name).
 */
export interface ShellWrite {
  /** What changes it: `rm`, `a redirection`, `find -delete`, `git clean`, `python -c`… */
  what: string;
  path: string | undefined;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  findings: ShellFinding[];
  /** Every file change the analysis found, in every nested command. */
  writes: ShellWrite[];
}

export interface ShellAnalyzer {
  /** Parses and analyses a command without deciding. */
  analyze(command: string, ctx: Omit<ShellDecisionContext, 'mode'>): ShellAnalysis;
  /** The deny list's decision for a command. Never `allow` for what it cannot decide. */
  decide(command: string, ctx: ShellDecisionContext): Decision;
  /** Frees the parser's WASM memory; the analyzer cannot be used afterwards. */
  dispose(): void;
}
