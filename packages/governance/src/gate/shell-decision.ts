import type { Decision, GateCall } from '@warden/protocol';
import type { GateMode } from './gate-mode.js';
import type { ShellAnalyzerLike } from './shell-analyzer-like.js';

/** An analyzer, or a loader run on the first shell call. */
export type ShellSource = ShellAnalyzerLike | (() => Promise<ShellAnalyzerLike>);

function undecided(mode: GateMode, rule: string, why: string): Decision {
  return mode === 'safe'
    ? { effect: 'ask', rule, reason: `${why}; a person must look at it` }
    : { effect: 'deny', rule, reason: `${why}; denied in ${mode} mode` };
}

/**
 * Runs the shell analyzer on a shell tool's `command`, in every mode. What
 * cannot be analysed (the analyzer fails to load or answers nonsense) is
 * asked in `safe` and denied otherwise — never waved through.
 */
export async function shellDecision(
  call: GateCall,
  context: { mode: GateMode; workspace: string; protectedPaths: readonly string[]; load: () => Promise<ShellAnalyzerLike> },
): Promise<Decision> {
  const command = call.args.command;
  if (typeof command !== 'string') return { effect: 'deny', rule: 'shell.invalid', reason: `${call.name}: the command argument is missing or not a string` };
  let analyzer: ShellAnalyzerLike;
  try {
    analyzer = await context.load();
  } catch {
    return undecided(context.mode, 'shell.unavailable', 'the shell analyzer could not be loaded, so the command cannot be checked');
  }
  const decision = await analyzer.decide(command, { workspace: context.workspace, mode: context.mode, protectedPaths: context.protectedPaths });
  if (!decision || (decision.effect !== 'allow' && decision.effect !== 'ask' && decision.effect !== 'deny')) {
    return undecided(context.mode, 'shell.unavailable', 'the shell analyzer gave no valid decision');
  }
  return decision;
}
