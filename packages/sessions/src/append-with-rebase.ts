import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import { randomUUID } from 'node:crypto';
import { SessionError, type MetaRecord, type Owner, type SessionRecord, type SessionStoreV1 } from '@warden/protocol';

export interface RebaseOptions {
  /** What the writer saw when it prepared its turn: the version and the records it was based on. */
  base: { version: number; records: readonly SessionRecord[] };
  opId?: string;
  owner?: Owner;
  /** How many times to re-base before giving up with `session.version_conflict` (default 25). */
  maxAttempts?: number;
}

export interface RebaseResult {
  /** The session that holds the turn: the original, or the fork. */
  sessionId: string;
  version: number;
  /** How many times the turn was re-based after losing a race. */
  rebased: number;
  /** Set when the history was compacted in between and the turn was saved as a fork instead. */
  forkId?: string;
  /** True when the opId had already been applied (a retry after an ambiguous failure). */
  duplicate?: boolean;
}

const isConflict = (error: unknown): boolean => SessionError.isInstance(error) && error.code === 'session.version_conflict';

/**
 * Appends a turn, and when another writer got there first, re-bases it after the winner's records
 * (nothing lost, nothing twice: the opId makes a retry a no-op). When the winner compacted the history
 * the turn was based on, appending after it would mix two histories, so the turn is saved as a fork:
 * a new session with the base history and the turn, whose id is reported in `forkId`.
 */
export async function appendWithRebase(
  store: SessionStoreV1,
  id: string,
  records: SessionRecord[],
  options: RebaseOptions,
): Promise<RebaseResult> {
  const seen = new Set(options.base.records.map((r) => r.id));
  const maxAttempts = options.maxAttempts ?? 25;
  const opId = options.opId ?? randomUUID();
  let expectedVersion = options.base.version;
  let lastError: unknown;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    try {
      const result = await store.append(id, records, { expectedVersion, opId, ...(options.owner ? { owner: options.owner } : {}) });
      return { sessionId: id, version: result.version, rebased: attempt, ...(result.duplicate ? { duplicate: true } : {}) };
    } catch (error) {
      if (!isConflict(error)) throw error;
      lastError = error;
    }
    const current = await store.load(id, options.owner);
    if (current.records.some((r) => r.type === 'compaction' && !seen.has(r.id))) {
      return fork(store, id, records, options, opId, attempt + 1, current.owner);
    }
    expectedVersion = current.version;
  }
  throw lastError;
}

async function fork(
  store: SessionStoreV1,
  id: string,
  records: SessionRecord[],
  options: RebaseOptions,
  opId: string,
  rebased: number,
  owner: Owner,
): Promise<RebaseResult> {
  const header = options.base.records.find((r) => r.type === 'header');
  const title = header?.type === 'header' ? header.title : undefined;
  const forkId = `${id}-fork-${randomUUID().slice(0, 8)}`;
  const created = await store.create({ id: forkId, owner, ...(title !== undefined ? { title } : {}) });
  const marker: MetaRecord = {
    type: 'meta',
    id: `${forkId}:forked-from`,
    at: new Date().toISOString(),
    key: SESSION_META_KEYS.forkedFrom,
    value: { sessionId: id, version: options.base.version },
  };
  const carried = options.base.records.filter((r) => r.type !== 'header');
  const result = await store.append(forkId, [marker, ...carried, ...records], {
    expectedVersion: created.version,
    opId,
    ...(options.owner ? { owner: options.owner } : {}),
  });
  return { sessionId: forkId, forkId, version: result.version, rebased };
}
