import { createHash } from 'node:crypto';
import type { AppendOptions, AppendResult, LoadedSession, Owner, SessionRecord, SessionStoreV1, SessionSummary } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { headerRecord } from './header-record.js';
import { assertSafeId, newSessionId } from './ids.js';
import { cleanOwner } from './owner.js';
import { repairRecords } from './record-repair.js';
import { s3ObjectClient, S3_STORE_KEYS, type ObjectClient, type S3StoreOptions } from './s3-client.js';
import { addFacts, emptyFacts, type SessionFacts } from './session-facts.js';
import { alreadyExistsError, asStoreError, notFoundError, versionConflictError } from './session-errors.js';
import { validateRecords } from './validate-records.js';

export interface S3SessionStore extends SessionStoreV1 {
  close(): Promise<void>;
}

/** One append, as one object: the commit point of that version. */
interface Chunk {
  version: number;
  opId?: string;
  at: string;
  records: SessionRecord[];
}

/** What a listing shows, kept beside the chunks (a cache of them: rebuilt from them when stale). */
interface IndexEntry extends SessionFacts {
  id: string;
  owner: Owner;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const pad = (version: number): string => String(version).padStart(10, '0');
const opKey = (opId: string): string => createHash('sha256').update(opId).digest('hex');
const owns = (owner: Owner | undefined, actual: Owner): boolean =>
  (owner?.userId === undefined || owner.userId === actual.userId) && (owner?.tenantId === undefined || owner.tenantId === actual.tenantId);
const MAX_INDEX_TRIES = 20;

/**
 * Sessions in S3 or an S3-compatible object store (R2, MinIO), on S3's conditional writes. Each
 * version is one object, `sessions/<id>/v/<version>.json`, written with `If-None-Match: *`: the write
 * that creates version n+1 is the commit, so of writers racing from one version exactly one wins and
 * the others see the conflict. A version is appended only after the previous one is seen, so versions
 * have no gaps. An opId leaves a marker (`ops/<sha256>`) after its chunk; a retry that finds the marker,
 * or finds its opId in a chunk written after its base, is the first result again. `index/<id>.json`
 * (updated with `If-Match`, never to an older version) serves `list`; it is a cache of the chunks and
 * is rebuilt from them when a crash left it behind.
 */
export function s3SessionStore(options: S3StoreOptions): S3SessionStore {
  strictOptions('s3SessionStore', S3_STORE_KEYS, options);
  const client: ObjectClient = s3ObjectClient(options);
  const root = options.prefix ?? 'warden/';
  const chunkPrefix = (id: string) => `${root}sessions/${id}/v/`;
  const chunkKey = (id: string, version: number) => `${chunkPrefix(id)}${pad(version)}.json`;
  const opPath = (id: string, opId: string) => `${root}sessions/${id}/ops/${opKey(opId)}.json`;
  const indexKey = (id: string) => `${root}index/${id}.json`;
  // A session's owner never changes: read once per id.
  const owners = new Map<string, Owner>();

  const run = <T>(what: string, work: () => Promise<T>): Promise<T> => asStoreError(what, work);

  async function chunk(id: string, version: number): Promise<Chunk | undefined> {
    const got = await client.get(chunkKey(id, version));
    return got ? (JSON.parse(got.body) as Chunk) : undefined;
  }

  /** The session's owner, or undefined when it does not exist (or is not `owner`'s). */
  async function ownerOf(id: string, owner?: Owner): Promise<Owner | undefined> {
    assertSafeId(id);
    let actual = owners.get(id);
    if (!actual) {
      const first = await chunk(id, 1);
      const header = first?.records[0];
      if (!header || header.type !== 'header') return undefined;
      actual = cleanOwner(header.owner);
      owners.set(id, actual);
    }
    return owns(owner, actual) ? actual : undefined;
  }

  async function versionsOf(id: string): Promise<number[]> {
    const keys = await client.list(chunkPrefix(id));
    return keys.map((k) => Number(k.slice(chunkPrefix(id).length, -'.json'.length))).filter((n) => Number.isInteger(n) && n > 0);
  }

  async function chunksOf(id: string): Promise<Chunk[]> {
    const versions = await versionsOf(id);
    const chunks = await Promise.all(versions.map((v) => chunk(id, v)));
    return chunks.filter((c): c is Chunk => c !== undefined).sort((a, b) => a.version - b.version);
  }

  /** Moves the index entry forward to `latest` (never back), rebuilding it from the chunks if it lags. */
  async function advanceIndex(id: string, latest: Chunk): Promise<void> {
    for (let attempt = 0; attempt < MAX_INDEX_TRIES; attempt++) {
      const current = await client.get(indexKey(id));
      const entry = current ? (JSON.parse(current.body) as IndexEntry) : undefined;
      if (entry && entry.version >= latest.version) return;
      let next: IndexEntry;
      if (entry && entry.version === latest.version - 1) {
        next = { ...entry, ...addFacts(entry, latest.records), version: latest.version, updatedAt: latest.at };
      } else {
        const chunks = await chunksOf(id);
        const last = chunks.at(-1);
        if (!last || !chunks[0]) return;
        const facts = chunks.reduce((f, c) => addFacts(f, c.records), emptyFacts());
        const owner = (await ownerOf(id)) ?? {};
        next = { id, owner, ...facts, version: last.version, createdAt: chunks[0].at, updatedAt: last.at };
      }
      const written = await client.put(indexKey(id), JSON.stringify(next), current ? { ifMatch: current.etag } : { ifNoneMatch: true });
      if (written !== 'precondition') return;
    }
  }

  /** The version an opId was applied at, if it was: its marker, else a chunk written after `after`. */
  async function appliedAt(id: string, opId: string, after: number): Promise<number | undefined> {
    const marker = await client.get(opPath(id, opId));
    if (marker) return (JSON.parse(marker.body) as { version: number }).version;
    for (const v of (await versionsOf(id)).filter((n) => n > after)) {
      if ((await chunk(id, v))?.opId === opId) return v;
    }
    return undefined;
  }

  return {
    specificationVersion: 'v1',
    create(init) {
      return run('create a session', async () => {
        const id = init.id ?? newSessionId();
        assertSafeId(id);
        const owner = cleanOwner(init.owner);
        const at = new Date().toISOString();
        const first: Chunk = { version: 1, at, records: [headerRecord(id, owner, init.title, at)] };
        if ((await client.put(chunkKey(id, 1), JSON.stringify(first), { ifNoneMatch: true })) === 'precondition') throw alreadyExistsError(id);
        owners.set(id, owner);
        await advanceIndex(id, first);
        return { id, version: 1 };
      });
    },
    append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
      const records = validateRecords(input);
      return run('append to a session', async () => {
        if (!(await ownerOf(id, opts.owner))) throw notFoundError(id);
        if (opts.opId !== undefined) {
          const marker = await client.get(opPath(id, opts.opId));
          if (marker) return { version: (JSON.parse(marker.body) as { version: number }).version, duplicate: true };
        }
        const expected = opts.expectedVersion;
        const conflict = async (): Promise<never> => {
          const versions = await versionsOf(id);
          throw versionConflictError(id, versions.at(-1) ?? 0, expected);
        };
        // The base must exist, so a version is only ever written right after the one before it.
        if (!Number.isInteger(expected) || expected < 1 || !(await client.exists(chunkKey(id, expected)))) return conflict();
        const next: Chunk = { version: expected + 1, ...(opts.opId !== undefined ? { opId: opts.opId } : {}), at: new Date().toISOString(), records };
        const written = await client.put(chunkKey(id, next.version), JSON.stringify(next), { ifNoneMatch: true });
        if (written === 'precondition') {
          if (opts.opId !== undefined) {
            const version = await appliedAt(id, opts.opId, expected);
            if (version !== undefined) return { version, duplicate: true };
          }
          return conflict();
        }
        if (opts.opId !== undefined) await client.put(opPath(id, opts.opId), JSON.stringify({ version: next.version }));
        await advanceIndex(id, next);
        return { version: next.version };
      });
    },
    load(id: string, owner?: Owner): Promise<LoadedSession> {
      return run('load a session', async () => {
        assertSafeId(id);
        const actual = await ownerOf(id, owner);
        if (!actual) throw notFoundError(id);
        const chunks = await chunksOf(id);
        if (chunks.length === 0) throw notFoundError(id);
        const repaired = repairRecords(chunks.flatMap((c) => c.records));
        return { id, owner: actual, version: chunks.at(-1)!.version, records: repaired.records, warnings: repaired.warnings };
      });
    },
    list(query = {}) {
      return run('list sessions', async () => {
        const keys = await client.list(`${root}index/`);
        const entries = (await Promise.all(keys.map((k) => client.get(k)))).filter((e) => e !== undefined).map((e) => JSON.parse(e.body) as IndexEntry);
        return entries
          .filter((e) => (query.userId === undefined || e.owner.userId === query.userId) && (query.tenantId === undefined || e.owner.tenantId === query.tenantId))
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
          .slice(0, query.limit ?? entries.length)
          .map((e): SessionSummary => ({ id: e.id, owner: e.owner, title: e.title, messageCount: e.messageCount, createdAt: e.createdAt, updatedAt: e.updatedAt, costUsd: e.costUsd, version: e.version }));
      });
    },
    delete(id: string, owner?: Owner) {
      return run('delete a session', async () => {
        assertSafeId(id);
        if (!(await ownerOf(id, owner))) throw notFoundError(id);
        // The index first, so a listing never shows a half-deleted session; the first chunk last, so a
        // delete that stops half-way leaves a session that still loads (and can be deleted again).
        await client.delete(indexKey(id));
        const keys = await client.list(`${root}sessions/${id}/`);
        const first = chunkKey(id, 1);
        await Promise.all(keys.filter((k) => k !== first).map((k) => client.delete(k)));
        await client.delete(first);
        owners.delete(id);
      });
    },
    close: () => client.close(),
  };
}
