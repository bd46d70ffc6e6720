import type { Decision } from '@warden/protocol';
import { policyError } from '../coded-errors.js';
import { pathPolicy } from '../paths/path-policy.js';
import { loadBashParser } from './parser-loader.js';
import { initialState } from './scope-state.js';
import { ShellRun } from './shell-run.js';
import type { ShellAnalysis, ShellAnalyzer, ShellDecisionContext, ShellFinding, ShellMode } from './types.js';

export interface ShellAnalyzerOptions {
  /** Commands longer than this (in characters) are not analysed: undecidable. Default 32 KiB. */
  maxCommandLength?: number;
  /** Nesting of `bash -c`, `eval`, here-strings… past this is undecidable. Default 6. */
  maxDepth?: number;
  /** Syntax nodes visited per command past this is undecidable. Default 20 000. */
  maxNodes?: number;
}

/** The rule name of an `allow` from the deny list: nothing in it matched. */
export const SHELL_ALLOW_RULE = 'shell.deny_list';

/**
 * The deny list's decision for a set of findings: a `deny` finding denies in every mode; an
 * undecidable command, or one only a person may approve, is `ask` with `requiresPerson` in every
 * mode that can ask (`safe`, `yolo`) — an automatic approver cannot say yes to it — and `deny` in
 * `read-only`, where nobody is asked.
 */
export function shellFindingsDecision(findings: readonly ShellFinding[], mode: ShellMode): Decision {
  const denied = findings.find((f) => f.kind === 'deny');
  // `params` say what the reason names (the command, a path), for front ends that translate by rule.
  const named = (f: ShellFinding): Pick<Decision, 'params'> => (f.params ? { params: { ...f.params } } : {});
  if (denied) return { effect: 'deny', reason: denied.reason, rule: denied.rule, ...named(denied) };
  const person = findings.find((f) => f.kind === 'person');
  const unsure = findings.find((f) => f.kind === 'undecidable');
  const finding = person ?? unsure;
  if (!finding) return { effect: 'allow', reason: 'no deny-list rule matched the command', rule: SHELL_ALLOW_RULE };
  const what = finding === unsure ? `cannot be decided statically (${finding.reason})` : finding.reason;
  if (mode === 'read-only') return { effect: 'deny', reason: `${what}; denied in read-only mode, where nobody can approve it`, rule: finding.rule, ...named(finding) };
  return { effect: 'ask', requiresPerson: true, reason: `${what}; only a person can approve it`, rule: finding.rule, ...named(finding) };
}

/**
 * Loads the bash parser (tree-sitter WASM) once for this analyzer and returns the deny list.
 * Nothing is cached at module level: call it once at start-up and pass the analyzer in.
 */
export async function loadShellAnalyzer(options: ShellAnalyzerOptions = {}): Promise<ShellAnalyzer> {
  const parser = await loadBashParser();
  const maxLength = options.maxCommandLength ?? 32_768;
  const limits = { maxDepth: options.maxDepth ?? 6, maxNodes: options.maxNodes ?? 20_000 };
  let disposed = false;
  // The gate asks `decide` and then `analyze` for the same command: `decide` leaves its analysis
  // here and the next `analyze` of the same input takes it (once), instead of parsing again.
  let last: { command: string; workspace: string; protectedPaths: readonly string[] | undefined; analysis: ShellAnalysis } | undefined;

  function analyze(command: string, ctx: Omit<ShellDecisionContext, 'mode'>): ShellAnalysis {
    if (disposed) {
      throw policyError({ code: 'policy.shell_analyzer_disposed', message: 'This shell analyzer has been disposed.', hint: 'Load a new analyzer with loadShellAnalyzer().' });
    }
    const kept = last;
    last = undefined;
    if (kept && kept.command === command && kept.workspace === ctx.workspace && kept.protectedPaths === ctx.protectedPaths) return kept.analysis;
    const policy = pathPolicy({ workspace: ctx.workspace, protectedPaths: ctx.protectedPaths ?? [] });
    const run = new ShellRun(parser, policy, limits, (ctx.protectedPaths ?? []).length > 0);
    if (command.length > maxLength) {
      run.undecidable(`the command is longer than ${maxLength} characters`, true);
    } else if (command.includes('\0')) {
      run.undecidable('the command contains a NUL byte', true);
    } else {
      run.run(command, initialState(policy.workspace), { depth: 0, via: [], stage: undefined });
    }
    return { commands: run.commands, findings: run.findings, writes: run.writes, network: run.network, detached: run.detached, readOnly: run.readOnly() };
  }

  function decide(command: string, ctx: ShellDecisionContext): Decision {
    last = undefined;
    const analysis = analyze(command, ctx);
    last = { command, workspace: ctx.workspace, protectedPaths: ctx.protectedPaths, analysis };
    return shellFindingsDecision(analysis.findings, ctx.mode);
  }

  return {
    analyze,
    decide,
    dispose(): void {
      if (!disposed) parser.dispose();
      disposed = true;
    },
  };
}
