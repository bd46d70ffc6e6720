import { randomUUID } from 'node:crypto';
import { errorCodeOf, type SessionStoreV1 } from '@warden/protocol';
import { repairRecords } from './record-repair.js';

/** The steps, in the order they run. Names are public API (a front end words each one). */
export const STORE_CHECK_STEPS = Object.freeze(['create', 'append', 'load', 'list', 'stale_version', 'delete'] as const);

/**
 * What went wrong in a step, by a stable `code` (with `params`) beside the English `detail`,
 * so a front end can say it in another language. Ids are public API.
 */
export const STORE_CHECK_PROBLEMS = Object.freeze({
  'store_check.threw': 'The step threw (params: error, message).',
  'store_check.created_version': 'A new session is not at version 1 (params: version).',
  'store_check.appended_version': 'The append did not give version 2 (params: version).',
  'store_check.loaded_version': 'The loaded session is not at version 2 (params: version).',
  'store_check.record_missing': 'The appended record did not come back.',
  'store_check.list_count': 'Listing by owner did not return exactly the one session (params: count).',
  'store_check.stale_wrong_error': 'A stale append failed with another code than session.version_conflict (params: error).',
  'store_check.stale_accepted': 'A stale append was accepted.',
  'store_check.delete_wrong_error': 'Loading a deleted session failed with another code than session.not_found (params: error).',
  'store_check.delete_still_loads': 'A deleted session still loads.',
} as const);

export type StoreCheckProblem = keyof typeof STORE_CHECK_PROBLEMS;

export interface StoreCheckStep {
  step: (typeof STORE_CHECK_STEPS)[number];
  ok: boolean;
  /** What went wrong, in English: an error code and message, never a secret. */
  detail?: string;
  /** What went wrong, as a code from `STORE_CHECK_PROBLEMS`. */
  code?: StoreCheckProblem;
  params?: Record<string, string>;
}

interface Problem {
  code: StoreCheckProblem;
  params?: Record<string, string>;
  detail: string;
}

const problem = (code: StoreCheckProblem, detail: string, params?: Record<string, string>): Problem => ({ code, detail, ...(params ? { params } : {}) });

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
  const step = async (name: StoreCheckStep['step'], fn: () => Promise<Problem | undefined>): Promise<boolean> => {
    let found: Problem | undefined;
    try {
      found = await fn();
    } catch (error) {
      const params = { error: errorCodeOf(error), message: (error as Error).message };
      found = problem('store_check.threw', `${params.error}: ${params.message}`, params);
    }
    steps.push(found ? { step: name, ok: false, ...found } : { step: name, ok: true });
    return !found;
  };
  const marker = { type: 'message' as const, id: `${sessionId}:probe`, at: new Date().toISOString(), message: { role: 'user' as const, parts: [{ type: 'text' as const, text: 'warden check' }] } };

  let created = false;
  const ok =
    (await step('create', async () => {
      const r = await store.create({ id: sessionId, owner, title: 'warden check' });
      created = true;
      return r.version === 1 ? undefined : problem('store_check.created_version', `a new session should be at version 1, got ${r.version}`, { version: String(r.version) });
    })) &&
    (await step('append', async () => {
      const r = await store.append(sessionId, [marker], { expectedVersion: 1, opId: `${sessionId}:op`, owner });
      return r.version === 2 ? undefined : problem('store_check.appended_version', `the append should give version 2, got ${r.version}`, { version: String(r.version) });
    })) &&
    (await step('load', async () => {
      const loaded = await store.load(sessionId, owner);
      const records = repairRecords(loaded.records).records;
      if (loaded.version !== 2) return problem('store_check.loaded_version', `loaded version ${loaded.version}, expected 2`, { version: String(loaded.version) });
      return records.some((r) => r.id === marker.id) ? undefined : problem('store_check.record_missing', 'the appended record did not come back');
    })) &&
    (await step('list', async () => {
      const listed = await store.list({ userId: owner.userId, tenantId: owner.tenantId });
      return listed.length === 1 && listed[0]?.id === sessionId ? undefined : problem('store_check.list_count', `listing by owner returned ${listed.length} session(s)`, { count: String(listed.length) });
    })) &&
    (await step('stale_version', async () => {
      try {
        await store.append(sessionId, [{ ...marker, id: `${sessionId}:stale` }], { expectedVersion: 1, owner });
      } catch (error) {
        const code = errorCodeOf(error);
        return code === 'session.version_conflict' ? undefined : problem('store_check.stale_wrong_error', `a stale append failed with ${code}, expected session.version_conflict`, { error: code });
      }
      return problem('store_check.stale_accepted', 'a stale append was accepted');
    })) &&
    (await step('delete', async () => {
      await store.delete(sessionId, owner);
      created = false;
      try {
        await store.load(sessionId, owner);
      } catch (error) {
        const code = errorCodeOf(error);
        return code === 'session.not_found' ? undefined : problem('store_check.delete_wrong_error', `loading a deleted session failed with ${code}`, { error: code });
      }
      return problem('store_check.delete_still_loads', 'a deleted session still loads');
    }));
  if (created) await store.delete(sessionId, owner).catch(() => undefined);
  return { ok, sessionId, steps };
}
