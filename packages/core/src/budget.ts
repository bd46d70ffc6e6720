import { RunError, type Usage } from '@warden/protocol';
import { runError } from './coded-errors.js';
import type { BudgetOptions } from './agent-options.js';
import type { RunContext } from './run-context.js';

export type BudgetAxis = 'inputTokens' | 'outputTokens' | 'totalTokens' | 'costUsd' | 'steps';

export interface BudgetBreach {
  axis: BudgetAxis;
  limit: number;
  used: number;
  /** The line appended to the output, saying which limit stopped the run. */
  line: string;
}

const LABELS: Record<BudgetAxis, string> = {
  inputTokens: 'input-token',
  outputTokens: 'output-token',
  totalTokens: 'total-token',
  costUsd: 'cost',
  steps: 'step',
};

function format(axis: BudgetAxis, n: number): string {
  return axis === 'costUsd' ? `$${Number(n.toPrecision(4))}` : String(n);
}

/**
 * The first limit reached, checked before each model call: a limit is reached
 * when what was used equals or passes it (for steps: no call is left).
 */
export function budgetBreach(budget: BudgetOptions | undefined, usage: Usage, costUsd: number, steps: number): BudgetBreach | undefined {
  if (!budget) return undefined;
  const used: Record<BudgetAxis, number> = {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: usage.inputTokens + usage.outputTokens,
    costUsd,
    steps,
  };
  for (const axis of ['steps', 'inputTokens', 'outputTokens', 'totalTokens', 'costUsd'] as const) {
    const limit = budget[axis];
    if (limit === undefined || used[axis] < limit) continue;
    return {
      axis,
      limit,
      used: used[axis],
      line: `[Run stopped: the ${LABELS[axis]} budget of ${format(axis, limit)} was reached (used ${format(axis, used[axis])}).]`,
    };
  }
  return undefined;
}

export function budgetError(breach: BudgetBreach): RunError {
  return runError({
    code: 'run.budget_exceeded',
    message: `the ${LABELS[breach.axis]} budget of ${format(breach.axis, breach.limit)} was reached (used ${format(breach.axis, breach.used)})`,
    hint: 'Raise the budget, or use onExceed: "stop" to end the run cleanly with what it produced.',
  });
}

/**
 * The limit that stops the run now, if any: the run's own budget (the originating agent's) on
 * everything spent, then the holding agent's share on what it spent since it took over.
 */
export function activeBreach(run: RunContext): { breach: BudgetBreach; budget: BudgetOptions } | undefined {
  const { state } = run;
  const total = budgetBreach(run.root.budget, state.usage, state.costUsd, state.step);
  if (total) return { breach: total, budget: run.root.budget! };
  const own = run.options.budget;
  const start = state.agentStart;
  if (run.options === run.root || !own || !start) return undefined;
  const spent: Usage = { ...state.usage, inputTokens: state.usage.inputTokens - start.usage.inputTokens, outputTokens: state.usage.outputTokens - start.usage.outputTokens };
  const breach = budgetBreach(own, spent, state.costUsd - start.costUsd, state.step - start.step);
  return breach ? { breach: { ...breach, line: breach.line.replace('[Run stopped: the ', `[Run stopped: ${run.agent}'s `) }, budget: own } : undefined;
}
