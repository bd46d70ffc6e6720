import type { Owner, SessionStoreV1 } from '@warden/protocol';
import type { SubjectKeyStore } from '../audit/subject-keys.js';

/** A filter clause as `@warden/knowledge` stores take it. */
export interface SubjectClause {
  field: string;
  op: 'eq';
  value: string;
}

/**
 * A knowledge or memory index holding records about people: any `@warden/knowledge` store (its
 * `delete(scope, clauses)`), a scope, and the metadata field that names the subject (default `subject`).
 */
export interface SubjectIndex {
  kind: 'memory' | 'knowledge';
  store: { delete(scope: { tenant: string; namespace: string }, clauses: readonly SubjectClause[]): Promise<number> };
  scope: { tenant: string; namespace: string };
  field?: string;
}

/** Where a data subject's data lives. */
export interface SubjectRightsOptions {
  /** The data subject: the `subject` tag of their runs (and the `userId` of sessions they own). */
  subject: string;
  /** Their keys (the same directory the audit log seals with). */
  keys: SubjectKeyStore;
  /** The JSONL audit trail: which runs, sessions and deliverables were theirs. */
  trail?: string;
  /** Session stores (every kind, through `SessionStoreV1`). */
  sessions?: readonly SessionStoreV1[];
  /** Sessions owned by `{ userId: subject, tenantId: tenant }` are theirs too. */
  tenant?: string;
  /** Memory and knowledge indexes. */
  indexes?: readonly SubjectIndex[];
  /** The workspace deliverable paths are relative to; a path outside it is never touched. */
  workspace?: string;
}

/** The subject's sessions in one store: those the trail names for their runs, and those they own. */
export async function subjectSessions(store: SessionStoreV1, subject: string, tenant: string | undefined, named: readonly string[]): Promise<string[]> {
  const owner: Owner = { userId: subject, ...(tenant !== undefined ? { tenantId: tenant } : {}) };
  const owned = await store.list({ userId: subject, ...(tenant !== undefined ? { tenantId: tenant } : {}) });
  const ids = new Set(owned.filter((s) => s.owner.userId === owner.userId && (tenant === undefined || s.owner.tenantId === tenant)).map((s) => s.id));
  for (const id of named) {
    try {
      await store.load(id);
      ids.add(id);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'session.not_found') throw error;
    }
  }
  return [...ids];
}
