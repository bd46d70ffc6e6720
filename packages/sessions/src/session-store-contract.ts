import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFromRecords, INTERRUPTED_RESULT_TEXT } from '@warden/protocol/history';
import type { Owner, SessionStoreV1 } from '@warden/protocol';
import { SessionRecord, SessionSummary } from '@warden/protocol/schemas';
import { appendWithRebase } from './append-with-rebase.js';
import { contractRecords as R } from './contract-records.js';

export interface ContractOptions {
  /** Shown in the suite name. */
  name?: string;
  /** Concurrent writers in the race test (default 8). */
  writers?: number;
}

type MakeStore = () => SessionStoreV1 | Promise<SessionStoreV1>;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 15));

async function codeOf(promise: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message?: string; hint?: string };
    return { code: String(e.code), message: String(e.message), ...(e.hint !== undefined ? { hint: e.hint } : {}) };
  }
  return { code: 'no error', message: '' };
}

/**
 * The contract every SessionStoreV1 must pass — Warden's own stores and yours. Call it inside a vitest
 * file: `sessionStoreContract(() => myStore())`. Each test makes a fresh store (closed afterwards) and
 * uses fresh ids and owners, so the suite can run against a shared database.
 */
export function sessionStoreContract(makeStore: MakeStore, options: ContractOptions = {}): void {
  const writers = options.writers ?? 8;
  describe(`SessionStoreV1 contract${options.name ? `: ${options.name}` : ''}`, () => {
    const open: SessionStoreV1[] = [];
    const fresh = async (): Promise<SessionStoreV1> => {
      const store = await makeStore();
      open.push(store);
      return store;
    };
    const owner = (): Owner => ({ userId: `user-${randomUUID()}`, tenantId: `tenant-${randomUUID()}` });
    afterEach(async () => {
      for (const store of open.splice(0)) await store.close?.();
    });

    it('creates a session at version 1 with a header stamped with its owner', async () => {
      const store = await fresh();
      const me = owner();
      const { id, version } = await store.create({ owner: me, title: 'hello' });
      expect(version).toBe(1);
      const loaded = await store.load(id, me);
      expect(loaded).toMatchObject({ id, version: 1, owner: me });
      expect(loaded.records[0]).toMatchObject({ type: 'header', sessionId: id, owner: me, title: 'hello' });
      expect(await store.load(id)).toMatchObject({ id, version: 1 });
    });

    it('refuses to create a session whose id exists', async () => {
      const store = await fresh();
      const id = `dup-${randomUUID()}`;
      await store.create({ id, owner: owner() });
      expect((await codeOf(store.create({ id }))).code).toBe('session.version_conflict');
    });

    it('bumps the version by one per append and keeps records in order', async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ owner: me });
      const a = await store.append(id, [R.user('one')], { expectedVersion: 1, owner: me });
      const b = await store.append(id, [R.assistant('two'), R.user('three')], { expectedVersion: a.version, owner: me });
      expect([a.version, b.version]).toEqual([2, 3]);
      const loaded = await store.load(id, me);
      expect(loaded.version).toBe(3);
      expect(R.userTexts(loaded.records)).toEqual(['one', 'three']);
      expect(historyFromRecords(loaded.records).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    });

    it('counts an empty append as a version and hands back records and summaries that match the schemas', async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ owner: me });
      expect(await store.append(id, [], { expectedVersion: 1, opId: 'empty' })).toEqual({ version: 2 });
      expect(await store.append(id, [], { expectedVersion: 1, opId: 'empty' })).toEqual({ version: 2, duplicate: true });
      await store.append(id, [R.user('after nothing'), R.cost(0.1)], { expectedVersion: 2 });
      const loaded = await store.load(id, me);
      expect(loaded.version).toBe(3);
      for (const record of loaded.records) expect(SessionRecord.safeParse(record).success).toBe(true);
      const [summary] = await store.list({ userId: me.userId });
      expect(SessionSummary.safeParse(summary).success).toBe(true);
      expect(summary).toMatchObject({ id, version: 3, messageCount: 1 });
    });

    it('refuses a stale expectedVersion with session.version_conflict and writes nothing', async () => {
      const store = await fresh();
      const { id } = await store.create({});
      await store.append(id, [R.user('first')], { expectedVersion: 1 });
      expect((await codeOf(store.append(id, [R.user('stale')], { expectedVersion: 1 }))).code).toBe('session.version_conflict');
      expect((await codeOf(store.append(id, [R.user('future')], { expectedVersion: 7 }))).code).toBe('session.version_conflict');
      const loaded = await store.load(id);
      expect(loaded.version).toBe(2);
      expect(R.userTexts(loaded.records)).toEqual(['first']);
    });

    it('treats a repeated opId as a no-op that returns the first result', async () => {
      const store = await fresh();
      const { id } = await store.create({});
      const record = R.user('once');
      const first = await store.append(id, [record], { expectedVersion: 1, opId: 'op-1' });
      const again = await store.append(id, [record], { expectedVersion: 1, opId: 'op-1' });
      expect(first).toEqual({ version: 2 });
      expect(again).toEqual({ version: 2, duplicate: true });
      const loaded = await store.load(id);
      expect(loaded.version).toBe(2);
      expect(R.userTexts(loaded.records)).toEqual(['once']);
    });

    it("answers for someone else's session exactly as for a missing one", async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ id: `mine-${randomUUID()}`, owner: me });
      const missing = `mine-${randomUUID()}`;
      const stranger = owner();
      const shape = (e: { code: string; message: string; hint?: string }, sid: string) => ({ ...e, message: e.message.replace(sid, '<id>') });
      const foreignLoad = shape(await codeOf(store.load(id, stranger)), id);
      expect(foreignLoad.code).toBe('session.not_found');
      expect(foreignLoad).toEqual(shape(await codeOf(store.load(missing, stranger)), missing));
      expect(shape(await codeOf(store.load(id, { userId: me.userId!, tenantId: 'other' })), id)).toEqual(foreignLoad);
      const foreignAppend = shape(await codeOf(store.append(id, [R.user('x')], { expectedVersion: 1, owner: stranger })), id);
      expect(foreignAppend).toEqual(shape(await codeOf(store.append(missing, [R.user('x')], { expectedVersion: 1, owner: stranger })), missing));
      expect(foreignAppend.code).toBe('session.not_found');
      const foreignDelete = shape(await codeOf(store.delete(id, stranger)), id);
      expect(foreignDelete).toEqual(shape(await codeOf(store.delete(missing, stranger)), missing));
      expect(foreignDelete.code).toBe('session.not_found');
      expect((await store.load(id, me)).version).toBe(1);
    });

    it('lists sessions by owner, newest first, with a summary', async () => {
      const store = await fresh();
      const me = owner();
      const older = await store.create({ owner: me });
      await tick();
      const titled = await store.create({ owner: me, title: 'Named' });
      await tick();
      const other = await store.create({ owner: owner() });
      await store.append(older.id, [R.user('Fix the flaky test'), R.assistant('ok'), R.cost(0.25), R.cost(0.5)], { expectedVersion: 1 });
      const mine = await store.list({ userId: me.userId });
      expect(mine.map((s) => s.id)).toEqual([older.id, titled.id]);
      expect(mine[0]).toMatchObject({ title: 'Fix the flaky test', messageCount: 2, costUsd: 0.75, version: 2, owner: me });
      expect(mine[1]).toMatchObject({ title: 'Named', messageCount: 0, costUsd: 0, version: 1 });
      expect(Date.parse(mine[0]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(mine[0]!.createdAt));
      expect(await store.list({ userId: me.userId, limit: 1 })).toHaveLength(1);
      expect((await store.list({ tenantId: me.tenantId })).map((s) => s.id)).toEqual([older.id, titled.id]);
      expect(await store.list({ userId: me.userId, tenantId: 'someone-else' })).toEqual([]);
      expect((await store.list({ userId: me.userId })).some((s) => s.id === other.id)).toBe(false);
    });

    it('deletes a session for its owner only', async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ owner: me });
      await store.append(id, [R.user('bye')], { expectedVersion: 1 });
      await store.delete(id, me);
      expect((await codeOf(store.load(id, me))).code).toBe('session.not_found');
      expect(await store.list({ userId: me.userId })).toEqual([]);
      expect((await codeOf(store.delete(id, me))).code).toBe('session.not_found');
    });

    it('reads tool rows the shared way: results regrouped, duplicates collapsed, interrupted calls closed', async () => {
      const store = await fresh();
      const { id } = await store.create({});
      await store.append(id, [R.user('go'), R.assistant('', [{ id: 'c1', name: 'read_file' }, { id: 'c2', name: 'shell' }]), R.toolCall('c1', 'read_file'), R.toolCall('c2', 'shell')], {
        expectedVersion: 1,
      });
      await store.append(id, [R.toolResult('c1', 'read_file', 'contents')], { expectedVersion: 2 });
      await store.append(id, [R.toolResult('c1', 'read_file', 'contents again')], { expectedVersion: 3 });
      const history = historyFromRecords((await store.load(id)).records);
      const tool = history.messages.find((m) => m.role === 'tool');
      expect(tool?.parts).toHaveLength(2);
      expect(tool?.parts[0]).toMatchObject({ callId: 'c1', content: [{ type: 'text', text: 'contents' }] });
      expect(tool?.parts[1]).toMatchObject({ callId: 'c2', isError: true, content: [{ type: 'text', text: INTERRUPTED_RESULT_TEXT }] });
    });

    it('honours the latest compaction', async () => {
      const store = await fresh();
      const { id } = await store.create({});
      await store.append(id, [R.user('old question'), R.assistant('old answer')], { expectedVersion: 1 });
      await store.append(id, [R.compaction('first', [{ role: 'user', parts: [{ type: 'text', text: 'summary one' }] }])], { expectedVersion: 2 });
      await store.append(id, [R.compaction('second', [{ role: 'user', parts: [{ type: 'text', text: 'summary two' }] }]), R.user('new')], { expectedVersion: 3 });
      const loaded = await store.load(id);
      expect(loaded.version).toBe(4);
      const texts = historyFromRecords(loaded.records).messages.map((m) => (m.parts[0] as { text?: string }).text);
      expect(texts).toEqual(['summary two', 'new']);
    });

    it(`keeps every turn exactly once when ${writers} writers race from one version`, async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ owner: me });
      const base = await store.load(id, me);
      const results = await Promise.all(
        Array.from({ length: writers }, (_, k) => appendWithRebase(store, id, [R.user(`turn ${k}`)], { base, opId: `op-${k}`, owner: me })),
      );
      expect(results.every((r) => r.sessionId === id && r.forkId === undefined)).toBe(true);
      expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual(Array.from({ length: writers }, (_, k) => k + 2));
      const loaded = await store.load(id, me);
      expect(loaded.version).toBe(writers + 1);
      expect(R.userTexts(loaded.records).sort()).toEqual(Array.from({ length: writers }, (_, k) => `turn ${k}`).sort());
      const retry = await appendWithRebase(store, id, [R.user('turn 0')], { base, opId: 'op-0', owner: me });
      expect(retry.duplicate).toBe(true);
      expect((await store.load(id, me)).version).toBe(writers + 1);
    });

    it('saves a turn as a fork when the history it was based on was compacted', async () => {
      const store = await fresh();
      const me = owner();
      const { id } = await store.create({ owner: me, title: 'forked' });
      await store.append(id, [R.user('question')], { expectedVersion: 1 });
      const base = await store.load(id, me);
      await store.append(id, [R.compaction('squeezed', [{ role: 'user', parts: [{ type: 'text', text: 'summary' }] }])], { expectedVersion: 2 });
      const result = await appendWithRebase(store, id, [R.user('late turn')], { base, owner: me });
      expect(result.forkId).toBeDefined();
      expect(result.sessionId).toBe(result.forkId);
      const forked = await store.load(result.forkId!, me);
      expect(R.userTexts(forked.records)).toEqual(['question', 'late turn']);
      expect(forked.owner).toEqual(me);
      expect(R.userTexts((await store.load(id, me)).records)).not.toContain('late turn');
    });
  });
}
