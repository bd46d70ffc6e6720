import { newRecordId, SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import { createHash } from 'node:crypto';
import type { JsonValue, Owner, SessionRecord, SessionStoreV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { contextDecay, type ContextDecay } from './context-decay.js';

/** The `meta` key every memory record is stored under. */
export const MEMORY_META_KEY = SESSION_META_KEYS.memory;

/** A remembered fact. `untrusted`: written by a run that had read untrusted content. */
export interface MemoryFact {
  fact: string;
  untrusted: boolean;
  /** The run that remembered it. */
  runId?: string;
}

type MemoryOp = { op: 'add'; key: string; fact: string; importance: number; untrusted: boolean; runId?: string } | { op: 'step' } | { op: 'forget'; key: string };

export interface MemoryStoreOptions {
  store: SessionStoreV1;
  /** Whose memory: each owner has their own, loaded only for them. */
  owner?: Owner;
  halfLifeSteps?: number;
  maxItems?: number;
}

export interface MemoryStore {
  /** The session that holds this owner's memory. */
  readonly sessionId: string;
  /** The facts with their weights now (replayed from the store). */
  load(): Promise<ContextDecay<MemoryFact>>;
  remember(key: string, fact: MemoryFact, importance: number): Promise<void>;
  /** One step of time (each recall is one). */
  tick(): Promise<void>;
  forget(key: string): Promise<void>;
}

/** The memory session of an owner: `memory-` and a digest of the owner, so ids never collide across owners. */
export function memorySessionId(owner: Owner | undefined): string {
  const who = `${owner?.tenantId ?? ''}\u0000${owner?.userId ?? ''}`;
  return `memory-${createHash('sha256').update(who).digest('hex').slice(0, 24)}`;
}

function isOp(value: JsonValue): value is MemoryOp & JsonValue {
  const v = value as { op?: unknown } | null;
  return typeof v === 'object' && v !== null && (v.op === 'add' || v.op === 'step' || v.op === 'forget');
}

const MEMORY_STORE_KEYS = { store: true, owner: true, halfLifeSteps: true, maxItems: true } satisfies OptionKeys<MemoryStoreOptions>;

/**
 * Working memory persisted in the session store: one session per owner, whose `meta` records
 * (`warden.memory`) are the memory's operations — add, forget, step — replayed into a
 * `contextDecay` on load. Any store (JSONL, SQLite, PostgreSQL, Redis) works, with its versioning
 * and owner checks: another owner's memory behaves as missing.
 */
export function memoryStore(options: MemoryStoreOptions): MemoryStore {
  strictOptions('memoryStore', MEMORY_STORE_KEYS, options);
  const sessionId = memorySessionId(options.owner);
  const halfLifeSteps = options.halfLifeSteps ?? 20;
  const ownerOpt = options.owner ? { owner: options.owner } : {};
  const read = async (): Promise<{ version: number; records: readonly SessionRecord[] }> => {
    try {
      const loaded = await options.store.load(sessionId, options.owner);
      return { version: loaded.version, records: loaded.records };
    } catch (error) {
      if ((error as { code?: string }).code !== 'session.not_found') throw error;
      const created = await options.store.create({ id: sessionId, ...ownerOpt, title: 'working memory' });
      return { version: created.version, records: [] };
    }
  };
  const write = async (op: MemoryOp): Promise<void> => {
    for (let attempt = 0; ; attempt += 1) {
      const { version } = await read();
      try {
        await options.store.append(sessionId, [{ type: 'meta', id: newRecordId('rec'), at: new Date().toISOString(), key: MEMORY_META_KEY, value: op as JsonValue }], { expectedVersion: version, ...ownerOpt });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'session.version_conflict' || attempt >= 4) throw error;
      }
    }
  };
  return {
    sessionId,
    async load() {
      const { records } = await read();
      const decay = contextDecay<MemoryFact>({ halfLifeSteps, ...(options.maxItems ? { maxItems: options.maxItems } : {}) });
      for (const record of records) {
        if (record.type !== 'meta' || record.key !== MEMORY_META_KEY || !isOp(record.value)) continue;
        const op = record.value as MemoryOp;
        if (op.op === 'step') decay.step();
        else if (op.op === 'forget') decay.remove(op.key);
        else decay.add(op.key, { fact: op.fact, untrusted: op.untrusted, ...(op.runId ? { runId: op.runId } : {}) }, op.importance);
      }
      return decay;
    },
    async remember(key, fact, importance) {
      const decay = await this.load();
      // Checks the importance and the item limit before anything is stored.
      decay.add(key, fact, importance);
      await write({ op: 'add', key, fact: fact.fact, importance, untrusted: fact.untrusted, ...(fact.runId ? { runId: fact.runId } : {}) });
    },
    tick: () => write({ op: 'step' }),
    forget: (key) => write({ op: 'forget', key }),
  };
}
