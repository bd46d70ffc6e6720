import { sessionError } from '../errors/coded-errors.js';
import { randomUUID } from 'node:crypto';
import type { Owner } from '../approval.js';
import { SessionError } from '../errors/session-error.js';
import { ownerMatches } from '../owner-matches.js';
import type { AppendOptions, AppendResult, LoadedSession, SessionRecord, SessionStoreV1, SessionSummary } from '../session.js';
import { PROTOCOL_VERSION } from '../version.js';

interface Entry {
  id: string;
  owner: Owner;
  version: number;
  records: SessionRecord[];
  createdAt: string;
  updatedAt: string;
  ops: Map<string, AppendResult>;
}

export interface MemorySessionStore extends SessionStoreV1 {
  /** How many sessions are held (for tests). */
  size(): number;
}

function notFound(id: string): SessionError {
  return sessionError({ code: 'session.not_found', message: `session ${JSON.stringify(id)} was not found` });
}

function newId(): string {
  return `mem-${randomUUID()}`;
}

/** An in-memory SessionStore with the full contract: versions, operation ids, ownership. */
export function memorySessionStore(): MemorySessionStore {
  const sessions = new Map<string, Entry>();

  function get(id: string, owner?: Owner): Entry {
    const entry = sessions.get(id);
    if (!entry || !ownerMatches(entry.owner, owner)) throw notFound(id);
    return entry;
  }

  return {
    specificationVersion: 'v1',
    size: () => sessions.size,
    async create(init) {
      const id = init.id ?? newId();
      if (sessions.has(id)) {
        throw sessionError({ code: 'session.version_conflict', message: `session ${JSON.stringify(id)} already exists` });
      }
      const now = new Date().toISOString();
      const owner = { ...init.owner };
      const header: SessionRecord = {
        type: 'header',
        id: `${id}:header`,
        at: now,
        sessionId: id,
        owner,
        protocolVersion: PROTOCOL_VERSION,
        ...(init.title !== undefined ? { title: init.title } : {}),
      };
      sessions.set(id, { id, owner, version: 1, records: [header], createdAt: now, updatedAt: now, ops: new Map() });
      return { id, version: 1 };
    },
    async append(id: string, records: SessionRecord[], options: AppendOptions) {
      const entry = get(id, options.owner);
      if (options.opId !== undefined) {
        const done = entry.ops.get(options.opId);
        if (done) return { ...done, duplicate: true };
      }
      if (options.expectedVersion !== entry.version) {
        throw sessionError({
          code: 'session.version_conflict',
          message: `session ${JSON.stringify(id)} is at version ${entry.version}, the append expected ${options.expectedVersion}`,
        });
      }
      entry.records.push(...structuredClone(records));
      entry.version += 1;
      entry.updatedAt = new Date().toISOString();
      const result = { version: entry.version };
      if (options.opId !== undefined) entry.ops.set(options.opId, result);
      return result;
    },
    async load(id: string, owner?: Owner): Promise<LoadedSession> {
      const entry = get(id, owner);
      return { id, owner: { ...entry.owner }, version: entry.version, records: structuredClone(entry.records), warnings: [] };
    },
    async list(query = {}) {
      const out: SessionSummary[] = [];
      for (const entry of sessions.values()) {
        if (!ownerMatches(entry.owner, { userId: query.userId, tenantId: query.tenantId })) continue;
        out.push(summarize(entry));
      }
      out.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
      return out.slice(0, query.limit ?? out.length);
    },
    async delete(id: string, owner?: Owner) {
      get(id, owner);
      sessions.delete(id);
    },
  };
}

function summarize(entry: Entry): SessionSummary {
  let title = '';
  let messageCount = 0;
  let costUsd = 0;
  for (const record of entry.records) {
    if (record.type === 'header' && record.title) title = record.title;
    if (record.type === 'message') {
      messageCount += 1;
      if (!title && record.message.role === 'user') {
        const first = record.message.parts.find((p) => p.type === 'text');
        if (first && first.type === 'text') title = first.text.slice(0, 80);
      }
    }
    if (record.type === 'meta' && record.costUsd) costUsd += record.costUsd;
  }
  return {
    id: entry.id,
    owner: { ...entry.owner },
    title,
    messageCount,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    costUsd,
    version: entry.version,
  };
}
