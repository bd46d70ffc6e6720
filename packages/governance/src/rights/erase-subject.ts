import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import { policyError } from '../util/coded-errors.js';
import { sha256Hex } from '../util/digest.js';
import { signErasureReceipt, type ErasedCounts, type ErasureReceipt } from './erasure-receipt.js';
import { readTrail, subjectTrail } from './subject-trail.js';
import { subjectSessions, type SubjectRightsOptions } from './subject-rights.js';

export interface EraseSubjectOptions extends SubjectRightsOptions {
  /** Signs the receipt (Ed25519, PEM or KeyObject): the trail's signing key, so the same public key verifies both. */
  signingKey: string | KeyObject;
  /** The policy version the erasure happened under (`effectiveGovernance(...).version`). */
  policyVersion?: string;
  /** Appends a `dsar_erasure` entry (the random ref and the counts, never who) to the trail's chain. */
  audit?: AuditLog;
  now?: () => Date;
}

/** The kind of the trail entry an erasure appends. */
export const DSAR_ERASURE_KIND = 'dsar_erasure';

/**
 * Erases a data subject (GDPR Art. 17): deletes their sessions in every store, their memory and
 * knowledge records, the deliverables their runs' change sets recorded, then destroys their key,
 * so every token the trail holds for them is unreadable while the chain still verifies. Returns a
 * receipt signed with Ed25519. The key is destroyed last and only when everything else went: a
 * failure throws `policy.dsar_incomplete` and a retry still finds what is left.
 */
export async function eraseSubject(options: EraseSubjectOptions): Promise<ErasureReceipt> {
  const now = options.now ?? (() => new Date());
  const key = options.keys.find(options.subject);
  const trail = key && options.trail !== undefined ? subjectTrail(await readTrail(options.trail), key.ref) : undefined;
  const failures: string[] = [];
  const counts: ErasedCounts = { sessions: 0, memory: 0, knowledge: 0, deliverables: 0, trailTokens: trail?.tokens ?? 0, keyDestroyed: false };

  const sessionIds: string[] = [];
  for (const store of options.sessions ?? []) {
    try {
      for (const id of await subjectSessions(store, options.subject, options.tenant, trail?.sessionIds ?? [])) {
        await store.delete(id);
        sessionIds.push(id);
        counts.sessions += 1;
      }
    } catch (error) {
      failures.push(`sessions: ${(error as Error).message}`);
    }
  }

  for (const index of options.indexes ?? []) {
    try {
      counts[index.kind] += await index.store.delete(index.scope, [{ field: index.field ?? 'subject', op: 'eq', value: options.subject }]);
    } catch (error) {
      failures.push(`${index.kind} ${index.scope.tenant}/${index.scope.namespace}: ${(error as Error).message}`);
    }
  }

  const deliverables: string[] = [];
  for (const recorded of trail?.deliverables ?? []) {
    if (options.workspace === undefined) {
      failures.push(`deliverable ${recorded}: no workspace was given to resolve it against`);
      continue;
    }
    const file = resolve(options.workspace, recorded);
    const inside = relative(resolve(options.workspace), file);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      failures.push(`deliverable ${recorded}: outside the workspace, not touched`);
      continue;
    }
    try {
      // A file already gone (deleted since, or by an earlier attempt) is not counted.
      if (!existsSync(file)) continue;
      await rm(file, { force: true });
      deliverables.push(recorded);
      counts.deliverables += 1;
    } catch (error) {
      failures.push(`deliverable ${recorded}: ${(error as Error).message}`);
    }
  }

  if (failures.length > 0) {
    throw policyError({
      code: 'policy.dsar_incomplete',
      message: `the erasure did not finish, so the subject's key was kept for a retry: ${failures.join('; ')}`,
      hint: 'Fix what failed (a store that is down, a missing --workdir) and run the erasure again; what was already deleted stays deleted.',
    });
  }

  counts.keyDestroyed = options.keys.destroy(options.subject);
  const erasedAt = now().toISOString();
  const body = {
    type: 'warden.dsar.erasure.v1' as const,
    subjectDigest: `sha256:${sha256Hex(options.subject)}`,
    subjectRef: key?.ref ?? null,
    erasedAt,
    policyVersion: options.policyVersion ?? null,
    erased: counts,
    sessionIds,
    deliverables,
    trailHead: null as string | null,
  };
  if (options.audit) {
    const entry = await options.audit.record(DSAR_ERASURE_KIND, { subjectRef: body.subjectRef, policyVersion: body.policyVersion, erased: { ...counts } });
    body.trailHead = entry.hash;
  }
  return signErasureReceipt(body, options.signingKey);
}
