import { randomUUID } from 'node:crypto';
import { errorCodeOf, type SessionStoreV1 } from '@warden/protocol';
import { repairRecords } from './record-repair.js';

export interface StoreCheckStep {
  step: 'create' | 'append' | 'load' | 'list' | 'stale_version' | 'delete';
  ok: boolean;
  /** What went wrong: an error code and message, never a secret. */
  detail?: string;
}

export interface StoreCheckReport {
  ok: boolean;
  sessionId: string;
  steps: StoreCheckStep[];
}

/**
 * Proves a store is wired up before the first real conversation: save, load, list by owner, refuse a
 * stale version, delete. Uses a throwaway owner and session (deleted at the end, even after a failure).
 */
export async function checkSessionStore(store: SessionStoreV1): Promise<StoreCheckReport> {
  const owner = { userId: `warden-check-${randomUUID()}`, tenantId: 'warden-check' };
  const sessionId = `warden-check-${randomUUID()}`;
  const steps: StoreCheckStep[] = [];
  const step = async (name: StoreCheckStep['step'], fn: () => Promise<string | undefined>): Promise<boolean> => {
    try {
      const problem = await fn();
      steps.push(problem ? { step: name, ok: false, detail: problem } : { step: name, ok: true });
      return !problem;
    } catch (error) {
      steps.push({ step: name, ok: false, detail: `${errorCodeOf(error)}: ${(error as Error).message}` });
      return false;
    }
  };
  const marker = { type: 'message' as const, id: `${sessionId}:probe`, at: new Date().toISOString(), message: { role: 'user' as const, parts: [{ type: 'text' as const, text: 'warden check' }] } };

  let created = false;
  const ok =
    (await step('create', async () => {
      const r = await store.create({ id: sessionId, owner, title: 'warden check' });
      created = true;
      return r.version === 1 ? undefined : `a new session should be at version 1, got ${r.version}`;
    })) &&
    (await step('append', async () => {
      const r = await store.append(sessionId, [marker], { expectedVersion: 1, opId: `${sessionId}:op`, owner });
      return r.version === 2 ? undefined : `the append should give version 2, got ${r.version}`;
    })) &&
    (await step('load', async () => {
      const loaded = await store.load(sessionId, owner);
      const records = repairRecords(loaded.records).records;
      if (loaded.version !== 2) return `loaded version ${loaded.version}, expected 2`;
      return records.some((r) => r.id === marker.id) ? undefined : 'the appended record did not come back';
    })) &&
    (await step('list', async () => {
      const listed = await store.list({ userId: owner.userId, tenantId: owner.tenantId });
      return listed.length === 1 && listed[0]?.id === sessionId ? undefined : `listing by owner returned ${listed.length} session(s)`;
    })) &&
    (await step('stale_version', async () => {
      try {
        await store.append(sessionId, [{ ...marker, id: `${sessionId}:stale` }], { expectedVersion: 1, owner });
      } catch (error) {
        const code = errorCodeOf(error);
        return code === 'session.version_conflict' ? undefined : `a stale append failed with ${code}, expected session.version_conflict`;
      }
      return 'a stale append was accepted';
    })) &&
    (await step('delete', async () => {
      await store.delete(sessionId, owner);
      created = false;
      try {
        await store.load(sessionId, owner);
      } catch (error) {
        return errorCodeOf(error) === 'session.not_found' ? undefined : `loading a deleted session failed with ${errorCodeOf(error)}`;
      }
      return 'a deleted session still loads';
    }));
  if (created) await store.delete(sessionId, owner).catch(() => undefined);
  return { ok, sessionId, steps };
}
