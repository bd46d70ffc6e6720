import { canonicalJson } from '@warden/protocol/policy';
import { JsonValue } from '@warden/protocol/schemas';
import { z } from 'zod';
import { sha256Hex } from '../util/digest.js';

/** The `prev` of the first entry. */
export const GENESIS_HASH = `sha256:${'0'.repeat(64)}`;

/** One line of the audit trail. `hash` covers everything but `hash` and `sig`; `sig` is an HMAC of `hash`. */
export const AuditEntry = z.object({
  seq: z.number().int().positive(),
  at: z.string(),
  kind: z.string().min(1),
  runId: z.string().optional(),
  data: JsonValue,
  prev: z.string(),
  hash: z.string(),
  sig: z.string().optional(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** The hash an entry must carry. */
export function entryHash(entry: Pick<AuditEntry, 'seq' | 'at' | 'kind' | 'runId' | 'data' | 'prev'>): string {
  return `sha256:${sha256Hex(canonicalJson({ seq: entry.seq, at: entry.at, kind: entry.kind, runId: entry.runId ?? null, data: entry.data, prev: entry.prev }))}`;
}
