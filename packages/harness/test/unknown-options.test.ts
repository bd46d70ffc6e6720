import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { budgetAlerts, createAgentSession, trackStoredSpend } from '../src/index.js';

async function failure(build: () => unknown): Promise<ConfigError> {
  try {
    await build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

const budget = { scope: 'run' as const, usd: 1 };
const webhook = { url: 'https://example.test/hook', secret: 's' };

// A misspelt option is refused before anything starts (no server listens, no file is written).
const cases: Array<[string, () => unknown, string]> = [
  ['budgetAlerts', () => budgetAlerts({ budgets: [budget], statefile: 'x.json' } as never), 'stateFile'],
  ['budgetAlerts budgets[0]', () => budgetAlerts({ budgets: [{ ...budget, treshold: [1] }] } as never), 'thresholds'],
  ['budgetAlerts webhooks[0]', () => budgetAlerts({ budgets: [budget], webhooks: [{ ...webhook, retires: 2 }] } as never), 'retries'],
  ['trackStoredSpend', () => trackStoredSpend({} as never, {} as never, { sinse: new Date() } as never), 'since'],
  ['createAgentSession', () => createAgentSession('a', { halfLifeStep: 5 } as never), 'halfLifeSteps'],
  ['createAgentSession limits', () => createAgentSession('a', { limits: { maxPlanStep: 5 } } as never), 'maxPlanSteps'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', async (factory, build, meant) => {
    const error = await failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });

  it('options that are not an object are config.invalid', async () => {
    expect((await failure(() => budgetAlerts('budgets' as never))).code).toBe('config.invalid');
  });
});
