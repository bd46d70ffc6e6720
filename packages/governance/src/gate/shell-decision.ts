import type { Decision, GateCall } from '@warden/protocol';
import type { ShellAnalysis } from '../shell/types.js';
import type { GateMode } from '@warden/protocol';
import type { ShellAnalyzerLike } from './shell-analyzer-like.js';

/** An analyzer, or a loader run on the first shell call. */
export type ShellSource = ShellAnalyzerLike | (() => Promise<ShellAnalyzerLike>);

/** The deny list's decision, and the analysis when it was asked for and could be made. */
export interface ShellVerdict {
  decision: Decision;
  analysis?: ShellAnalysis;
}

function undecided(mode: GateMode, rule: string, why: string): Decision {
  return mode === 'safe'
    ? { effect: 'ask', rule, reason: `${why}; a person must look at it` }
    : { effect: 'deny', rule, reason: `${why}; denied in ${mode} mode` };
}

function validAnalysis(value: unknown): value is ShellAnalysis {
  const a = value as Partial<ShellAnalysis> | null | undefined;
  return typeof a === 'object' && a !== null && Array.isArray(a.findings) && Array.isArray(a.writes) && Array.isArray(a.commands);
}

/**
 * Runs the shell analyzer on a shell tool's `command`, in every mode. What
 * cannot be analysed (the analyzer fails to load or answers nonsense) is
 * asked in `safe` and denied otherwise — never waved through. With `analyze`
 * (a tainted run) it also returns the analysis the taint guard reads; an
 * analyzer that cannot give one leaves it out, and the guard then asks a person.
 */
export async function shellDecision(
  call: GateCall,
  context: { mode: GateMode; workspace: string; protectedPaths: readonly string[]; load: () => Promise<ShellAnalyzerLike>; analyze?: boolean },
): Promise<ShellVerdict> {
  const command = call.args.command;
  if (typeof command !== 'string') return { decision: { effect: 'deny', rule: 'shell.invalid', reason: `${call.name}: the command argument is missing or not a string` } };
  let analyzer: ShellAnalyzerLike;
  try {
    analyzer = await context.load();
  } catch {
    return { decision: undecided(context.mode, 'shell.unavailable', 'the shell analyzer could not be loaded, so the command cannot be checked') };
  }
  const options = { workspace: context.workspace, protectedPaths: context.protectedPaths };
  const decision = await analyzer.decide(command, { ...options, mode: context.mode });
  if (!decision || (decision.effect !== 'allow' && decision.effect !== 'ask' && decision.effect !== 'deny')) {
    return { decision: undecided(context.mode, 'shell.unavailable', 'the shell analyzer gave no valid decision') };
  }
  if (!context.analyze || decision.effect === 'deny' || typeof analyzer.analyze !== 'function') return { decision };
  const analysis: unknown = await analyzer.analyze(command, options);
  return validAnalysis(analysis) ? { decision, analysis } : { decision };
}
