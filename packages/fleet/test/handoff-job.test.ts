import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSessionStore } from '@warden/sessions';
import { HANDOFF_LIMITS } from '@warden/protocol/handoff';
import type { Handoff } from '@warden/protocol';
import { createWorker, enqueue, status, watch, type FleetEvent } from '../src/index.js';
import { countTool } from './__fixtures__/count-tool.mjs';
import { startFakeModel } from './helpers/fake-model.js';
import { POSTGRES_URL, tempDir, testQueue } from './helpers/services.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const handoff: Handoff = {
  version: 1,
  id: 'hof-research-1',
  from: 'researcher',
  to: 'writer',
  contextSummary: 'Three sources agree the bridge opened in 1932.',
  artifacts: ['notes/bridge.md'],
  confidence: 0.8,
  suggestedNextAction: 'Write the paragraph from notes/bridge.md.',
  metadata: {},
  createdAt: '2026-12-01T00:00:00.000Z',
};

async function until(events: FleetEvent[], done: (events: FleetEvent[]) => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done(events)) {
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(events.slice(-5))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a fleet job carries a Handoff (real Redis and PostgreSQL)', () => {
  it('enqueue refuses an invalid or oversized handoff with the protocol’s reason', async () => {
    const q = testQueue(cleanups);
    await expect(enqueue([{ task: 'key=a', handoff: { ...handoff, confidence: 2 } }], q)).rejects.toMatchObject({ code: 'fleet.invalid_job', message: expect.stringContaining('handoff: protocol.invalid_value') });
    const huge = JSON.stringify({ ...handoff, contextSummary: 'x'.repeat(HANDOFF_LIMITS.jsonBytes) });
    await expect(enqueue([{ task: 'key=a', handoff: huge }], q)).rejects.toMatchObject({ code: 'fleet.invalid_job', message: expect.stringContaining('handoff: protocol.too_large') });
  });

  it('the worker’s run starts from the handoff, answers with an accepted receipt, and stores both in the session and the audit trail; a tampered queue copy is rejected', async () => {
    const q = testQueue(cleanups);
    const model = await startFakeModel();
    const workdir = tempDir();
    const effects = path.join(workdir, 'effects.txt');
    const auditFile = path.join(workdir, 'audit.jsonl');
    writeFileSync(effects, '');
    cleanups.push(() => model.close());
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());
    const worker = await createWorker({
      connection: q.connection,
      queue: q.queue,
      prefix: q.prefix,
      harness: {
        sessions: POSTGRES_URL,
        workdir,
        configs: { default: { provider: 'openai', baseUrl: model.url, model: 'fake', mode: 'yolo', streaming: false, audit: { file: auditFile } } },
        options: { tools: [countTool(effects)], env: { OPENAI_API_KEY: 'sk-test-fleet-0000000000000000' } },
      },
    });
    cleanups.push(() => worker.close());

    await enqueue([{ id: 'write-1', task: 'key=w1', handoff, owner: { userId: 'alice' } }], q);
    // A job whose stored handoff was altered in the queue: the worker checks it again and refuses it.
    const { Queue } = await import('bullmq');
    const raw = new Queue(q.queue, { connection: { url: q.connection }, prefix: q.prefix });
    cleanups.push(() => raw.close());
    await raw.add('default', { v: 1, task: 'key=w2', config: 'default', sessionId: `fleet-${q.queue}-write-2`, handoff: JSON.stringify({ ...handoff, id: 'hof-bad', to: 'not a name' }) }, { jobId: 'write-2' });
    await until(events, (e) => e.filter((x) => x.type === 'completed').length === 2);

    const [accepted, rejected] = await status(['write-1', 'write-2'], q);
    expect(accepted!.result).toMatchObject({ status: 'done', stopReason: 'done', output: 'done w1: counted w1', handoffReceipt: { handoffId: 'hof-research-1', status: 'accepted', by: 'writer' } });
    expect(rejected!.result).toMatchObject({ status: 'rejected', steps: 0, handoffReceipt: { handoffId: 'hof-bad', status: 'rejected', by: 'fleet-worker', reason: expect.stringContaining('protocol.invalid_value') } });
    expect(readFileSync(effects, 'utf8').trim()).toBe('w1');

    const store = await openSessionStore(POSTGRES_URL);
    cleanups.push(async () => (store as { close?(): Promise<void> }).close?.());
    const session = await store.load(`fleet-${q.queue}-write-1`, { userId: 'alice' });
    const metas = session.records.flatMap((r) => (r.type === 'meta' && r.key.startsWith('warden.handoff') ? [[r.key, (r.value as { id?: string; handoffId?: string }).id ?? (r.value as { handoffId: string }).handoffId]] : []));
    expect(metas).toEqual([['warden.handoff_received', 'hof-research-1'], ['warden.handoff_receipt', 'hof-research-1']]);
    // The run started from the handoff: its summary, artifacts and next action, then the task.
    const firstUser = session.records.find((r) => r.type === 'message' && r.message.role === 'user');
    const text = JSON.stringify(firstUser);
    for (const piece of ['Three sources agree', 'notes/bridge.md', 'Suggested next action', 'Task: key=w1']) expect(text).toContain(piece);
    const refused = await store.load(`fleet-${q.queue}-write-2`);
    expect(refused.records.some((r) => r.type === 'meta' && r.key === 'warden.handoff_receipt' && (r.value as { status: string }).status === 'rejected')).toBe(true);
    expect(refused.records.some((r) => r.type === 'message')).toBe(false);

    const trail = readFileSync(auditFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { kind: string; data: { id?: string; receipt?: { status: string } } });
    const handoffs = trail.filter((e) => e.kind === 'handoff');
    expect(handoffs.map((e) => e.data.receipt?.status).sort()).toEqual(['accepted', 'rejected']);
    expect(handoffs.find((e) => e.data.receipt?.status === 'accepted')?.data.id).toBe('hof-research-1');
  });
});
