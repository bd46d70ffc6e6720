import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import { scriptedProvider } from '@warden/protocol/testing';
import { sqliteSessionStore } from '@warden/sessions';
import { afterAll, expect, it } from 'vitest';
import { sessionTimeline } from '../src/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The timeline the CLI and the dashboard share: a refusal keeps its rule, a call that asked keeps its
// provenance and its durable approval, and the run that parked is listed with its stop reason and spend.
it('reads gate decisions, approvals and runs from a real stored session', async () => {
  const workdir = mkdtempSync(join(tmpdir(), 'warden-eval-timeline-'));
  dirs.push(workdir);
  const store = sqliteSessionStore({ path: join(workdir, 'sessions.db') });
  const provider = scriptedProvider([
    { toolCalls: [{ name: 'write_file', args: { path: '.git/hooks/pre-commit', content: 'x' } }] },
    { toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'hi' } }] },
    'done',
  ]);
  const harness = await createHarness({ workdir, provider, env: {}, approver: 'durable', sessions: store, mode: 'safe', audit: false });
  const result = await harness.run('Write the notes.');
  expect(result.stopReason).toBe('approval');
  const timeline = sessionTimeline((await store.load(result.sessionId!)).records);
  await store.close?.();

  const [refused, asked] = timeline.steps.flatMap((s) => s.calls);
  expect(refused?.decision).toMatchObject({ effect: 'deny', rule: 'path.protected' });
  expect(refused?.result?.isError).toBe(true);
  expect(asked?.decision).toMatchObject({ effect: 'ask', rule: 'mode.safe', provenance: { effectClass: 'ordinary', effectPaths: ['notes.txt'] } });
  expect(asked?.approval?.id).toMatch(/^apr_/);
  expect(asked?.approval?.answer).toBeUndefined();
  expect(timeline.runs?.map((r) => r.stopReason)).toEqual(['approval']);
  expect(timeline.steps.at(-1)?.runs?.[0]).toMatchObject({ provider: 'scripted', model: 'scripted-model', costUsd: 0 });
  expect(timeline.runs?.[0]?.usage?.inputTokens).toBeGreaterThan(0);
  // Each step carries what its model call was charged; together they are the run's spend.
  expect(timeline.steps.map((s) => s.spend?.calls)).toEqual([1, 1]);
  const stepTokens = timeline.steps.reduce((n, s) => n + (s.spend?.usage.inputTokens ?? 0), 0);
  expect(stepTokens).toBe(timeline.runs?.[0]?.usage?.inputTokens);
  // Charges are spend, not notes.
  expect(timeline.steps.flatMap((s) => s.notes ?? []).filter((n) => n.key === 'spend')).toEqual([]);
});
