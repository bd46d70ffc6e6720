import type { SessionStoreV1, SessionSummary } from '@warden/protocol';

/** The most recently updated session of an owner (what `--resume` picks), or undefined. */
export async function latestSession(store: SessionStoreV1, query: { userId?: string; tenantId?: string } = {}): Promise<SessionSummary | undefined> {
  const [newest] = await store.list({ ...query, limit: 1 });
  return newest;
}
