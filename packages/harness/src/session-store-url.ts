import type { ApprovalStoreV1, SessionStoreV1 } from '@warden/protocol';
import { describeStoreTarget, storeTargetIn, type StoreTarget } from '@warden/sessions/location';

/** A session store's location, read once by `@warden/sessions` (`StoreTarget`). */
export type StoreLocation = StoreTarget;

/**
 * `--sessions`: a directory (JSONL, the default `.warden/sessions`), `sqlite:FILE`,
 * `postgres://…`, `mysql://…`/`mariadb://…`, `redis://…` or `s3://bucket/prefix/`. Relative paths
 * are resolved against `base` (the workspace). The reading is `@warden/sessions`' own.
 */
export function parseStoreLocation(spec: string | undefined, base: string): StoreLocation {
  return storeTargetIn(spec, base);
}

/** A printable name of the store that never includes a password. */
export function describeStore(location: StoreLocation): string {
  return describeStoreTarget(location);
}

/** Opens the store; drivers (better-sqlite3, pg, ioredis) load on first use, and a missing one names its install command. */
export async function openSessionStore(location: StoreLocation): Promise<SessionStoreV1 & { close?(): Promise<void> }> {
  const sessions = await import('@warden/sessions');
  return sessions.openSessionStore(location);
}

/** The durable-approval store beside the sessions (a JSONL directory gets an `approvals/` subdirectory). */
export async function openApprovalStore(location: StoreLocation): Promise<ApprovalStoreV1 & { close?(): Promise<void> }> {
  const sessions = await import('@warden/sessions');
  return sessions.openApprovalStore(location);
}
