import type { LoadedSession } from '@warden/protocol';
import type { AuditEntry } from '../audit/audit-entry.js';
import { openSubjectTokens } from '../audit/subject-tokens.js';
import { sha256Hex } from '../util/digest.js';
import { readTrail, subjectTrail } from './subject-trail.js';
import { subjectSessions, type SubjectRightsOptions } from './subject-rights.js';

/** Everything held about a data subject (GDPR Art. 15 / 20), as JSON. */
export interface SubjectExport {
  type: 'warden.dsar.export.v1';
  subjectDigest: string;
  subjectRef: string | null;
  exportedAt: string;
  /** False once erased: the trail's tokens for them can no longer be opened. */
  keyPresent: boolean;
  sessions: LoadedSession[];
  /** Their audit entries, with the values sealed for them opened (other people's tokens stay sealed). */
  audit: AuditEntry[];
  /** Files their runs' change sets recorded. */
  deliverables: string[];
}

/** Exports a data subject's sessions and audit entries (values decrypted while their key exists). */
export async function exportSubject(options: SubjectRightsOptions & { now?: () => Date }): Promise<SubjectExport> {
  const key = options.keys.find(options.subject);
  const trail = key && options.trail !== undefined ? subjectTrail(await readTrail(options.trail), key.ref) : undefined;
  const sessions: LoadedSession[] = [];
  for (const store of options.sessions ?? []) {
    for (const id of await subjectSessions(store, options.subject, options.tenant, trail?.sessionIds ?? [])) sessions.push(await store.load(id));
  }
  const mine = (ref: string) => (key && ref === key.ref ? key : undefined);
  return {
    type: 'warden.dsar.export.v1',
    subjectDigest: `sha256:${sha256Hex(options.subject)}`,
    subjectRef: key?.ref ?? null,
    exportedAt: (options.now ?? (() => new Date()))().toISOString(),
    keyPresent: key !== undefined,
    sessions,
    audit: (trail?.theirs ?? []).map((entry) => ({ ...entry, data: openSubjectTokens(entry.data, mine) })),
    deliverables: trail?.deliverables ?? [],
  };
}
