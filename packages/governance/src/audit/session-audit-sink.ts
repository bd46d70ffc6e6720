import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import type { Owner, SessionStoreV1 } from '@warden/protocol';
import { sha256Hex } from '../util/digest.js';
import type { AuditSink } from './audit-sinks.js';

/** The `meta` record key audit lines are stored under. */
export const AUDIT_META_KEY = SESSION_META_KEYS.audit;

/**
 * Audit lines as `meta` records (key `audit`, value the line) in a session of
 * any `SessionStoreV1`. Appends use the store's optimistic versioning: on a
 * version conflict the version is reloaded and the append retried (an `opId`
 * per line keeps a retry from writing twice).
 */
export function sessionAuditSink(store: SessionStoreV1, sessionId: string, owner?: Owner): AuditSink {
  async function load() {
    return store.load(sessionId, owner);
  }
  return {
    async append(line) {
      const opId = `audit:${sha256Hex(line)}`;
      for (let attempt = 0; ; attempt += 1) {
        const { version } = await load();
        try {
          await store.append(
            sessionId,
            [{ type: 'meta', id: `${opId}:record`, at: new Date().toISOString(), key: AUDIT_META_KEY, value: line }],
            { expectedVersion: version, opId, ...(owner ? { owner } : {}) },
          );
          return;
        } catch (error) {
          const conflict = (error as { code?: unknown } | null)?.code === 'session.version_conflict';
          if (!conflict || attempt >= 8) throw error;
        }
      }
    },
    async last() {
      const { records } = await load();
      for (let i = records.length - 1; i >= 0; i -= 1) {
        const record = records[i];
        if (record?.type === 'meta' && record.key === AUDIT_META_KEY && typeof record.value === 'string') return record.value;
      }
      return undefined;
    },
  };
}

