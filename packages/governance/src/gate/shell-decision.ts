import type { Decision, GateCall } from '@warden/protocol';
import type { ShellAnalysis } from '@warden/shell-policy';
import type { GateMode } from '@warden/protocol';
import type { ShellAnalyzerLike } from './shell-analyzer-like.js';

/** An analyzer, or a loader run on the first shell call. */
export type ShellSource = ShellAnalyzerLike | (() => Promise<ShellAnalyzerLike>);

/** The gate option saying an OS sandbox bounds what shell commands can touch (another package enforces it). */
export interface SandboxState {
  active: boolean;
}

/** The deny list's decision, and the analysis when it was asked for and could be made. */
export interface ShellVerdict {
  decision: Decision;
  analysis?: ShellAnalysis;
  /**
   * An `allow` that stands in place of the mode's own answer: a command proven read-only inside the
   * workspace in `safe` mode (`shell.read_only`), or an undecidable one the sandbox bounds in `yolo`
   * (`shell.sandboxed`). Policy rules still come first.
   */
  allow?: Decision;
}

export const READ_ONLY_RULE = 'shell.read_only';
export const SANDBOXED_RULE = 'shell.sandboxed';

/** Undecidable: a real person in every mode that can ask, denied where nobody can. */
function undecided(mode: GateMode, rule: string, why: string): Decision {
  return mode === 'read-only'
    ? { effect: 'deny', rule, reason: `${why}; denied in read-only mode, where nobody can approve it` }
    : { effect: 'ask', rule, requiresPerson: true, reason: `${why}; only a person can approve it` };
}

function validAnalysis(value: unknown): value is ShellAnalysis {
  const a = value as Partial<ShellAnalysis> | null | undefined;
  return typeof a === 'object' && a !== null && Array.isArray(a.findings) && Array.isArray(a.writes) && Array.isArray(a.commands);
}

/** What the sandbox bounds: nothing opaque, no network, no write the analysis sees outside the workspace. */
function sandboxBounds(analysis: ShellAnalysis): boolean {
  return (
    analysis.findings.every((f) => f.kind === 'undecidable' && f.opaque !== true) &&
    (analysis.network ?? [{ what: 'unknown' }]).length === 0 &&
    analysis.writes.every((w) => w.outside !== true) &&
    analysis.commands.every((c) => c.name !== undefined)
  );
}

/**
 * Runs the shell analyzer on a shell tool's `command`, in every mode. What cannot be analysed (the
 * analyzer fails to load or answers nonsense) or decided is `ask` with `requiresPerson` in `safe` and
 * `yolo` and `deny` in `read-only` — never waved through, never approved by `--yes`. With
 * `sandbox.active`, an undecidable command that needs no network and writes nowhere the analysis can
 * see outside the workspace gets the mode's usual decision instead (the kernel bounds it). In `safe`
 * mode a command the analysis proves read-only inside the workspace is allowed (`shell.read_only`).
 * With `analyze` (a tainted run) it also returns the analysis the taint guard reads, and asks a
 * person for detached processes and network use whose host cannot be checked.
 */
export async function shellDecision(
  call: GateCall,
  context: { mode: GateMode; workspace: string; protectedPaths: readonly string[]; load: () => Promise<ShellAnalyzerLike>; analyze?: boolean; sandbox?: SandboxState },
): Promise<ShellVerdict> {
  const command = call.args.command;
  if (typeof command !== 'string') return { decision: { effect: 'deny', rule: 'shell.invalid', reason: `${call.name}: the command argument is missing or not a string`, params: { tool: call.name } } };
  let analyzer: ShellAnalyzerLike;
  try {
    analyzer = await context.load();
  } catch {
    return { decision: undecided(context.mode, 'shell.unavailable', 'the shell analyzer could not be loaded, so the command cannot be checked') };
  }
  const options = { workspace: context.workspace, protectedPaths: context.protectedPaths };
  const given = await analyzer.decide(command, { ...options, mode: context.mode });
  if (!given || (given.effect !== 'allow' && given.effect !== 'ask' && given.effect !== 'deny')) {
    return { decision: undecided(context.mode, 'shell.unavailable', 'the shell analyzer gave no valid decision') };
  }
  if (given.effect === 'deny') return { decision: given };
  // An analyzer's `ask` means it could not decide: a person, whatever analyzer is plugged in.
  let decision: Decision = given.effect === 'ask' ? { ...given, requiresPerson: true } : given;
  const sandboxed = context.sandbox?.active === true && decision.effect === 'ask' && decision.rule === 'shell.undecidable';
  const readOnlyCandidate = context.mode === 'safe' && decision.effect === 'allow';
  if (!context.analyze && !sandboxed && !readOnlyCandidate) return { decision };
  if (typeof analyzer.analyze !== 'function') return { decision };
  const analysis: unknown = await analyzer.analyze(command, options);
  if (!validAnalysis(analysis)) return { decision };
  let allow: Decision | undefined;
  if (sandboxed && sandboxBounds(analysis)) {
    const why = `${decision.reason.replace(/; only a person can approve it$/, '')}; the sandbox is on and bounds what it can touch (no network, no write outside the workspace seen)`;
    decision = context.mode === 'safe' ? { effect: 'ask', rule: SANDBOXED_RULE, reason: `${why}, so safe mode's usual approval applies` } : { effect: 'allow', rule: SANDBOXED_RULE, reason: `${why}, so yolo mode runs it` };
    if (decision.effect === 'allow') allow = decision;
  }
  if (readOnlyCandidate && analysis.readOnly === true) {
    allow = { effect: 'allow', rule: READ_ONLY_RULE, reason: 'the analyzer proves the command only reads inside the workspace' };
  }
  if (context.analyze) {
    const detached = analysis.detached ?? [];
    const unchecked = (analysis.network ?? []).find((n) => n.host === undefined);
    if (detached.length > 0) {
      return { decision: { effect: 'ask', rule: 'shell.detached_process', requiresPerson: true, reason: `the run has read untrusted content and ${detached[0] ?? 'a process'} can outlive the run; only a person can approve it`, params: { command: detached[0] ?? '' } }, analysis };
    }
    if (unchecked) {
      return { decision: { effect: 'ask', rule: 'shell.unchecked_network', requiresPerson: true, reason: `the run has read untrusted content and ${unchecked.what} reaches the network at a host that cannot be checked; only a person can approve it`, params: { command: unchecked.what } }, analysis };
    }
  }
  return allow ? { decision, analysis, allow } : { decision, analysis };
}
