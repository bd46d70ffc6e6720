import type { MemoryHit, MemoryRecord, MemoryScope, MemoryTrace, MemoryWrite, SemanticMemory } from '@warden/protocol';
import { knowledgeError } from './coded-errors.js';
import { contentHash } from './content-hash.js';
import type { Embedder } from './embedder.js';
import type { FilterClause } from './filter.js';
import { hashingEmbedder } from './hashing-embedder.js';
import { fuseRankings } from './rank-fusion.js';
import type { KnowledgeStore, StoreHit, StoreScope } from './store-types.js';

export interface KnowledgeMemoryOptions {
  /** Default: the offline hashing embedder (use the one the store was built with). */
  embedder?: Embedder;
  /** Who the memory belongs to (default: no tenant, no user, no session: shared). */
  trace?: MemoryTrace;
  /** The namespaces' prefix: records live in `<prefix>.<scope>` (default `memory`). */
  namespace?: string;
  /** Let `remember` write the `global` scope, which every tenant reads (default false). */
  allowGlobalWrites?: boolean;
}

/** The tenant `global` records live in; no trace may name it. */
export const GLOBAL_MEMORY_TENANT = 'warden.global';
const DEFAULT_TENANT = 'default';
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$/;
const SCOPES: readonly MemoryScope[] = ['user', 'session', 'tenant', 'global'];
/** Records a listing (pinned, compaction) reads at most, per scope. */
const LIST_LIMIT = 10_000;
const MAX_K = 100;

interface Stamp {
  tenantId: string;
  userId: string;
  sessionId: string;
}

function stampOf(trace: MemoryTrace): Stamp {
  const tenantId = trace.tenantId ?? DEFAULT_TENANT;
  if (!NAME.test(tenantId) || tenantId === GLOBAL_MEMORY_TENANT) throw knowledgeError('knowledge.invalid_options', `The tenant "${tenantId.slice(0, 40)}" is not a plain name (or is reserved).`);
  for (const [what, value] of [['user', trace.userId], ['session', trace.sessionId]] as const) {
    if (value !== undefined && (typeof value !== 'string' || value.length === 0 || value.length > 200)) throw knowledgeError('knowledge.invalid_options', `The ${what} id must be 1 to 200 characters.`);
  }
  return { tenantId, userId: trace.userId ?? '', sessionId: trace.sessionId ?? '' };
}

/** The store scope and the clauses that hold one memory scope to the trace: they go into the store's query. */
function held(prefix: string, scope: MemoryScope, stamp: Stamp): { where: StoreScope; clauses: FilterClause[] } {
  const namespace = `${prefix}.${scope}`;
  switch (scope) {
    case 'user':
      return { where: { tenant: stamp.tenantId, namespace }, clauses: [{ field: 'userId', op: 'eq', value: stamp.userId }] };
    case 'session':
      return { where: { tenant: stamp.tenantId, namespace }, clauses: [{ field: 'userId', op: 'eq', value: stamp.userId }, { field: 'sessionId', op: 'eq', value: stamp.sessionId }] };
    case 'tenant':
      return { where: { tenant: stamp.tenantId, namespace }, clauses: [] };
    default:
      return { where: { tenant: GLOBAL_MEMORY_TENANT, namespace }, clauses: [] };
  }
}

function recordOf(hit: StoreHit): MemoryHit {
  const m = hit.passage.metadata;
  return {
    key: String(m.key),
    fact: hit.passage.text,
    scope: m.scope as MemoryScope,
    untrusted: m.untrusted === true,
    pinned: m.pinned === true,
    at: String(m.at),
    tenantId: String(m.tenantId),
    userId: String(m.userId),
    sessionId: String(m.sessionId),
    ...(typeof m.runId === 'string' ? { runId: m.runId } : {}),
    score: hit.score,
  };
}

/**
 * Semantic memory on a knowledge store: each record is one passage in `<prefix>.<scope>`, stamped
 * with its trace (tenant as the store's tenant, user and session as metadata), and every scope's
 * query carries the trace as conditions of the store's own query (SQL, pgvector, Qdrant filter) —
 * never a filter over results. `user` needs no user id (records without one are shared by the
 * trace-less), `session` needs a session id, `global` lives in a reserved tenant every trace reads.
 */
export function knowledgeMemory(store: KnowledgeStore, options: KnowledgeMemoryOptions = {}): SemanticMemory {
  const embedder = options.embedder ?? hashingEmbedder();
  const prefix = options.namespace ?? 'memory';
  if (!NAME.test(prefix) || prefix.length > 100) throw knowledgeError('knowledge.invalid_options', `The memory namespace "${prefix.slice(0, 40)}" is not a plain name.`);
  let ensured: Promise<void> | undefined;
  const ready = (): Promise<void> => (ensured ??= store.ensure(embedder.dimensions).catch((error: unknown) => {
    ensured = undefined;
    throw error;
  }));
  const embedOne = async (text: string): Promise<number[]> => {
    const [vector] = await embedder.embed([text]);
    if (!vector || vector.length !== embedder.dimensions) throw knowledgeError('knowledge.embedder_failed', `${embedder.id} did not answer one vector of ${embedder.dimensions} dimensions.`);
    return vector;
  };
  const writable: MemoryScope[] = options.allowGlobalWrites === true ? [...SCOPES] : SCOPES.filter((s) => s !== 'global');

  const bind = (trace: MemoryTrace): SemanticMemory => {
    const stamp = stampOf(trace);
    const readable = SCOPES.filter((s) => s !== 'session' || stamp.sessionId !== '');
    const checkScope = (scope: MemoryScope, forWrite: boolean): void => {
      if (!SCOPES.includes(scope)) throw knowledgeError('knowledge.invalid_options', `Unknown memory scope "${String(scope).slice(0, 20)}".`, `Use ${SCOPES.join(', ')}.`);
      if (scope === 'session' && stamp.sessionId === '') throw knowledgeError('knowledge.invalid_options', 'The session scope needs a trace with a session id.');
      if (forWrite && !writable.includes(scope)) throw knowledgeError('knowledge.invalid_options', `This memory may not write the ${scope} scope.`, 'Open it with allowGlobalWrites to write records every tenant reads.');
    };
    // A key names one record per holder of the scope: the same key from another user replaces a tenant record.
    const holder = (scope: MemoryScope): string[] => (scope === 'user' ? [stamp.tenantId, stamp.userId] : scope === 'session' ? [stamp.tenantId, stamp.userId, stamp.sessionId] : scope === 'tenant' ? [stamp.tenantId] : []);
    const documentIdOf = (scope: MemoryScope, key: string): string => `mem-${contentHash(scope, ...holder(scope), key).slice(0, 32)}`;
    /** Every record of one scope the trace may read that also meets `extra` (in the store's query). */
    const list = async (scope: MemoryScope, extra: FilterClause[]): Promise<MemoryHit[]> => {
      const { where, clauses } = held(prefix, scope, stamp);
      const hits = await store.query({ ...where, clauses: [...clauses, ...extra], vector: await embedOne('memory'), k: LIST_LIMIT });
      return hits.map(recordOf);
    };
    const memory: SemanticMemory = {
      trace: Object.freeze({ ...trace }),
      writableScopes: writable,
      forTrace: bind,
      async remember(write: MemoryWrite): Promise<MemoryRecord> {
        const scope = write.scope ?? 'user';
        checkScope(scope, true);
        const key = write.key.trim();
        const fact = write.fact.trim();
        if (key === '' || fact === '') throw knowledgeError('knowledge.invalid_options', 'A memory record needs a key and a fact.');
        await ready();
        const { where } = held(prefix, scope, stamp);
        const record: MemoryRecord = { key, fact, scope, untrusted: write.untrusted === true, pinned: write.pinned === true, at: new Date().toISOString(), ...stamp, ...(write.runId ? { runId: write.runId } : {}) };
        const id = documentIdOf(scope, key);
        const metadata = { key, scope, untrusted: record.untrusted, pinned: record.pinned, at: record.at, ...stamp, ...(write.runId ? { runId: write.runId } : {}) };
        await store.delete(where, [{ field: 'documentId', op: 'eq', value: id }]);
        await store.upsert([{ ...where, id: `${id}#0`, documentId: id, hash: contentHash(embedder.id, key, fact, JSON.stringify(metadata)), source: `memory:${scope}`, title: key, headings: [], text: fact, metadata, embedding: await embedOne(`${key}\n${fact}`) }]);
        return record;
      },
      async recall(query, recallOptions = {}) {
        const k = recallOptions.k ?? 5;
        if (!Number.isInteger(k) || k < 1 || k > MAX_K) throw knowledgeError('knowledge.invalid_options', `k must be an integer from 1 to ${MAX_K}.`);
        const scopes = recallOptions.scopes ?? readable;
        for (const scope of scopes) checkScope(scope, false);
        await ready();
        const vector = await embedOne(query);
        const lists: StoreHit[][] = [];
        // One query per scope, each held to the trace in the store; fused like a knowledge search.
        for (const scope of new Set(scopes)) {
          const { where, clauses } = held(prefix, scope, stamp);
          lists.push(await store.query({ ...where, clauses, vector, k: k * 4 }));
          lists.push(await store.keywordQuery({ ...where, clauses, vector, k: k * 4, text: query }));
        }
        return fuseRankings(lists).slice(0, k).map(recordOf);
      },
      async forget(key, scope = 'user') {
        checkScope(scope, true);
        await ready();
        const { where, clauses } = held(prefix, scope, stamp);
        return store.delete(where, [...clauses, { field: 'documentId', op: 'eq', value: documentIdOf(scope, key.trim()) }]);
      },
      async pinned() {
        await ready();
        const out: MemoryRecord[] = [];
        for (const scope of readable) out.push(...(await list(scope, [{ field: 'pinned', op: 'eq', value: true }])).map(({ score: _score, ...record }) => record));
        return out.sort((a, b) => a.at.localeCompare(b.at));
      },
      async compact({ keep, scope = 'user' }) {
        if (!Number.isInteger(keep) || keep < 0) throw knowledgeError('knowledge.invalid_options', 'keep must be a whole number.');
        checkScope(scope, true);
        await ready();
        const unpinned = (await list(scope, [{ field: 'pinned', op: 'eq', value: false }])).sort((a, b) => b.at.localeCompare(a.at));
        const drop = unpinned.slice(keep).map((r) => documentIdOf(scope, r.key));
        if (drop.length === 0) return 0;
        const { where, clauses } = held(prefix, scope, stamp);
        return store.delete(where, [...clauses, { field: 'pinned', op: 'eq', value: false }, { field: 'documentId', op: 'in', value: drop }]);
      },
    };
    return memory;
  };
  return bind(options.trace ?? {});
}
