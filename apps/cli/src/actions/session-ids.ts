import type { SessionStoreV1 } from '@warden/protocol';
import { resolveIdPrefix } from './id-prefix.js';

/** A session id as typed (a unique prefix is enough), checked against the store's sessions. */
export async function resolveSessionId(store: SessionStoreV1, value: string): Promise<string> {
  const sessions = await store.list({ limit: 10_000 });
  return resolveIdPrefix(
    value,
    sessions.map((s) => s.id),
    'session',
  );
}
