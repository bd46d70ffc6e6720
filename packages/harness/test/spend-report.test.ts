import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, runSpendOf, trackStoredSpend, validateHarnessOptions } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const M = 1_000_000;

describe('spend reports from stored sessions', () => {
  it('breaks spend down by agent (sub-agents included), model, task and owner; prices from the table with config overrides; unknown models are unknown, not $0', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    const sessions = path.join(dir, 'sessions');
    const known = scriptedProvider(
      [
        { toolCalls: [{ name: 'delegate', args: { agent: 'helper', task: 'read a.txt' } }], usage: { inputTokens: M, outputTokens: 0 } },
        { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }], usage: { inputTokens: M, outputTokens: 0, cacheReadTokens: M / 2 } },
        { text: 'child done', usage: { inputTokens: 0, outputTokens: M } },
        { text: 'all done', usage: { inputTokens: 0, outputTokens: M } },
      ],
      { id: 'openai', model: 'gpt-4o' },
    );
    const harness = await createHarness({ workdir: dir, provider: known, env: {}, audit: false, sessions, owner: { userId: 'ana' }, subagents: { helper: { description: 'reads', tools: ['read_file'] } } });
    try {
      await harness.run('read a.txt', { label: 'TICKET-1' });
    } finally {
      await harness.close();
    }
    const mystery = await createHarness({ workdir: dir, provider: scriptedProvider([{ text: 'hm', usage: { inputTokens: 10, outputTokens: 10 } }], { id: 'acme', model: 'mystery-1' }), env: {}, audit: false, sessions, owner: { userId: 'bo' } });
    try {
      await mystery.run('think', { label: 'TICKET-2' });
    } finally {
      await mystery.close();
    }
    const priced = await createHarness({ workdir: dir, provider: scriptedProvider([{ text: 'ok', usage: { inputTokens: M, outputTokens: 0 } }], { id: 'acme', model: 'house-model' }), env: {}, audit: false, sessions, owner: { userId: 'bo' }, prices: [{ provider: 'acme', model: 'house-model', input: 7, output: 9, asOf: '2025-09-01' }] });
    try {
      await priced.run('price me', { label: 'TICKET-2' });
      const tracker = await trackStoredSpend(priced.store, priced.prices, { since: new Date(Date.now() - 60_000) });
      const report = tracker.report();

      // gpt-4o: input $2.5/M (cache reads $1.25/M), output $10/M.
      const mainCost = 2.5 + 10; // parent: 1M input, 1M output
      const helperCost = 0.5 * 2.5 + 0.5 * 1.25 + 10; // child: 1M input (half cached), 1M output
      const byAgent = Object.fromEntries(report.by.agent.map((r) => [r.key, r]));
      expect(byAgent.main!.costUsd).toBeCloseTo(mainCost + 7, 6); // the two acme runs are "main" too
      expect(byAgent.helper!.costUsd).toBeCloseTo(helperCost, 6);
      expect(byAgent.helper!.calls).toBe(2);
      expect(byAgent.helper!.cacheHitRate).toBeCloseTo(0.5, 6);

      const byModel = Object.fromEntries(report.by.model.map((r) => [r.key, r]));
      expect(byModel['openai/gpt-4o']!.costUsd).toBeCloseTo(mainCost + helperCost, 6);
      expect(byModel['acme/house-model']!.costUsd).toBeCloseTo(7, 6);
      expect(byModel['acme/mystery-1']).toMatchObject({ unknownCostCalls: 1, costUsd: 0 });
      expect(report.unknownModels).toEqual(['acme/mystery-1']);
      expect(report.totals.unknownCostCalls).toBe(1);

      const byTask = Object.fromEntries(report.by.task.map((r) => [r.key, r]));
      expect(byTask['TICKET-1']!.runs).toBe(1);
      expect(byTask['TICKET-2']!.runs).toBe(2);
      expect(report.by.owner.map((r) => r.key).sort()).toEqual(['ana', 'bo']);
      expect(report.totals.runs).toBe(3);
      expect(report.peakConcurrency).toBeGreaterThanOrEqual(1);

      const later = await trackStoredSpend(priced.store, priced.prices, { since: new Date(Date.now() + 60_000) });
      expect(later.report().totals.runs).toBe(0);
    } finally {
      await priced.close();
    }
  });

  it('a run that stored no end record (killed mid-way) is reported from the charges it stored as they happened, sub-agents included', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    const provider = scriptedProvider(
      [
        { toolCalls: [{ name: 'delegate', args: { agent: 'helper', task: 'read a.txt' } }], usage: { inputTokens: 100, outputTokens: 10 }, costUsd: 0.5 },
        { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }], usage: { inputTokens: 200, outputTokens: 20 }, costUsd: 0.25 },
        { text: 'child done', usage: { inputTokens: 300, outputTokens: 30 } },
        { text: 'all done', usage: { inputTokens: 400, outputTokens: 40 }, costUsd: 1 },
      ],
      { id: 'openai', model: 'gpt-4o' },
    );
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false, sessions: path.join(dir, 'sessions'), subagents: { helper: { description: 'reads', tools: ['read_file'] } } });
    try {
      const result = await harness.run('read a.txt', { label: 'TICKET-9' });
      const loaded = await harness.store.load(result.sessionId!);
      const [finished] = runSpendOf(loaded);
      expect(finished!.unfinished).toBeUndefined();
      // The same session as a killed process leaves it: every record up to the run's end record.
      const killed = { ...loaded, records: loaded.records.filter((r) => !(r.type === 'meta' && r.key === 'run')) };
      const [partial] = runSpendOf(killed);
      expect(partial).toMatchObject({ runId: finished!.runId, unfinished: true, task: 'TICKET-9' });
      expect(partial!.lines).toEqual(finished!.lines);
      expect(partial!.lines.reduce((n, l) => n + l.calls, 0)).toBe(4);
      // A killed run followed by its resumption: both runs are counted, each once.
      const resumed = { ...loaded, records: [...killed.records, ...loaded.records.flatMap((r) => (r.type === 'meta' && r.key === 'run' ? [{ ...r, id: 'rec-other', at: new Date(Date.now() + 1000).toISOString(), value: { ...(r.value as object), runId: 'run-resumed' } }] : []))] };
      expect(runSpendOf(resumed).map((r) => [r.runId, r.unfinished ?? false])).toEqual([[finished!.runId, true], ['run-resumed', false]]);
    } finally {
      await harness.close();
    }
  });

  it('validates config prices', () => {
    expect(validateHarnessOptions({ workdir: '/tmp', prices: [{ model: 'm', input: 1, output: 2, asOf: '2025-01-01' }] }).ok).toBe(true);
    const bad = validateHarnessOptions({ workdir: '/tmp', prices: [{ model: 'm', input: -1, output: 2, asOf: 'yesterday' }] });
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['prices.0.asOf', 'prices.0.input']);
  });
});
