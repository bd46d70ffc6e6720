import type { SessionStoreV1 } from '@warden/protocol';
import { resolveIdPrefix } from './id-prefix.js';

/** A session id as typed (a unique prefix is enough), checked against the store's sessions. */
export async function resolveSessionId(store: SessionStoreV1, value: string): Promise<string> {
  return (await lookupSessionId(store, value)).id;
}

/** The same, saying whether the store holds that session (an unknown id comes back unchanged). */
export async function lookupSessionId(store: SessionStoreV1, value: string): Promise<{ id: string; known: boolean }> {
  const ids = (await store.list({ limit: 10_000 })).map((s) => s.id);
  const id = resolveIdPrefix(value, ids, 'session');
  return { id, known: ids.includes(id) };
}
