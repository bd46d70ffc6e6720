import { describe, expect, it } from 'vitest';
import { emptyUsage } from '@warden/protocol';
import { budgetBreach, budgetError } from './budget.js';

const usage = { ...emptyUsage(), inputTokens: 100, outputTokens: 50 };

describe('budgetBreach', () => {
  it('is undefined with no budget or when every axis has room', () => {
    expect(budgetBreach(undefined, usage, 1, 3)).toBeUndefined();
    expect(budgetBreach({ inputTokens: 101, outputTokens: 51, totalTokens: 151, costUsd: 1.01, steps: 4 }, usage, 1, 3)).toBeUndefined();
  });

  it.each([
    [{ inputTokens: 100 }, 'inputTokens', 'input-token budget of 100 was reached (used 100)'],
    [{ outputTokens: 10 }, 'outputTokens', 'output-token budget of 10 was reached (used 50)'],
    [{ totalTokens: 150 }, 'totalTokens', 'total-token budget of 150'],
    [{ costUsd: 0.5 }, 'costUsd', 'cost budget of $0.5 was reached (used $1)'],
    [{ steps: 3 }, 'steps', 'step budget of 3'],
  ] as const)('%o stops on %s', (budget, axis, line) => {
    const breach = budgetBreach(budget, usage, 1, 3);
    expect(breach?.axis).toBe(axis);
    expect(breach?.line).toContain(line);
  });

  it('builds a run.budget_exceeded RunError with a hint', () => {
    const error = budgetError(budgetBreach({ steps: 1 }, usage, 0, 1)!);
    expect(error.code).toBe('run.budget_exceeded');
    expect(error.hint).toBeTruthy();
  });
});
