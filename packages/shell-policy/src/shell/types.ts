import type { GateMode } from '@warden/protocol/vocabulary';
import type { Decision } from '@warden/protocol';
import type { FindingRule } from './shell-rules.js';

/** The gate mode a command is judged in (the protocol's one declaration). */
export type ShellMode = GateMode;

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
  /**
   * The word's value when `text` shows it differently: a literal leading `~` (text `./~`, which no
   * rule takes for the home directory, but `eval` parses again and expands) or the home directory
   * inside a variable (`x=~`). Internal to the analysis; absent for most words.
   */
  value?: string;
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

/**
 * `deny`: refused in every mode. `undecidable`: cannot be decided statically. `person`: decidable,
 * but only a real person can approve it (a history rewrite that may touch pushed commits).
 */
export type FindingKind = 'deny' | 'undecidable' | 'person';

/** The rules whose findings name a path as well as the command. */
export type PathRule = 'shell.delete_outside_workspace' | 'shell.delete_protected' | 'shell.read_protected' | 'shell.read_outside_workspace' | 'shell.write_outside_workspace' | 'shell.write_protected';

/** What a finding's reason names (see `ShellFinding.params`). */
export interface FindingParams {
  command: string;
  path?: string;
}

/** The params a finding of rule `R` must carry: a path rule names the path too. */
export type ParamsOf<R extends FindingRule> = R extends PathRule ? { command: string; path: string } : { command: string };

export interface ShellFinding {
  kind: FindingKind;
  /** The rule that matched, e.g. `shell.privilege_escalation`. */
  rule: string;
  reason: string;
  /**
   * The values `reason` names, so a front end can say it in another language from `rule` and these
   * (`reason` stays English): `command` (what ran: `sudo`, `rm`, `git push --force`, `python3 -c`…)
   * on every `deny` and `person` finding, and `path` as well on the delete, write and read rules.
   * Undecidable findings carry none.
   */
  params?: FindingParams;
  /**
   * For `undecidable`: what is unknown could be anything, network included (a command name built at
   * run time, inline code that starts processes). A sandbox bounds files, not intent: these stay with a person.
   */
  opaque?: boolean;
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
  /** The target is known and lies outside the workspace (`touch /etc/x`). */
  outside?: boolean;
}

/** A network use the analysis can see: a network tool, a URL, a socket in inline code. */
export interface ShellNetworkUse {
  /** What reaches the network: `curl`, `nc`, `python3 -c`, `awk /inet/`… */
  what: string;
  /** The host, when a word names one statically. */
  host?: string;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  findings: ShellFinding[];
  /** Every file change the analysis found, in every nested command. */
  writes: ShellWrite[];
  /** Every network use the analysis can see (a run-time command name is not in it: see `opaque`). */
  network: ShellNetworkUse[];
  /** What starts a process that can outlive the command: `nohup`, `setsid`, `disown`, a trailing `&`… */
  detached: string[];
  /**
   * The analysis proves the command only reads, inside the workspace: every command is a known reader
   * (`ls`, `cat`, `grep`, `git status|diff|log`, `find` without actions…), every path it names is an
   * unprotected workspace path, nothing is written, run in the background or built at run time.
   */
  readOnly: boolean;
}

export interface ShellAnalyzer {
  /** Parses and analyses a command without deciding. */
  analyze(command: string, ctx: Omit<ShellDecisionContext, 'mode'>): ShellAnalysis;
  /** The deny list's decision for a command. Never `allow` for what it cannot decide. */
  decide(command: string, ctx: ShellDecisionContext): Decision;
  /** Frees the parser's WASM memory; the analyzer cannot be used afterwards. */
  dispose(): void;
}
