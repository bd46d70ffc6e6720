import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { auditLog, ed25519Signing, effectiveGovernance, eraseSubject, exportSubject, jsonlAuditSink, loadGovernanceFile, subjectKeyStore, type SubjectIndex } from '@warden/governance';
import { openSessionStore, parseStoreLocation } from '@warden/harness';
import { openStore } from '@warden/knowledge';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { resolveWorkdir } from './cli-harness-options.js';
import type { GovernanceOptions } from './governance-options.js';
import { knowledgeStoreUrl } from './knowledge-store-url.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** The directory of per-subject keys, beside the trail and outside it: WORKDIR/.warden/subject-keys. */
export const DEFAULT_SUBJECT_KEYS = path.join('.warden', 'subject-keys');

/**
 * `warden governance dsar erase|export SUBJECT`: a data subject's erasure (sessions, knowledge
 * entries, deliverables, then their key; a signed receipt) or export (sessions and audit entries,
 * values decrypted while their key exists), as JSON.
 */
export async function governanceDsarAction(ctx: CommandContext<GovernanceOptions>, args: readonly (string | undefined)[]): Promise<number> {
  const { io, t, options, config } = ctx;
  const [mode, subject, extra] = args;
  if (mode !== 'erase' && mode !== 'export') {
    if (mode === undefined) throw missingArgument('warden governance dsar', 'erase|export');
    throw unexpectedArgument(mode, 'warden governance dsar');
  }
  if (!subject) throw missingArgument(`warden governance dsar ${mode}`, 'SUBJECT');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden governance dsar');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const keys = subjectKeyStore(path.resolve(io.cwd, options.keys ?? path.join(workdir, DEFAULT_SUBJECT_KEYS)));
  const trail = path.resolve(io.cwd, options.trail ?? path.join(workdir, '.warden', 'audit.jsonl'));
  const sessions = await openSessionStore(parseStoreLocation(options.sessions ?? config.config.sessions, workdir));
  const knowledge = options.knowledge !== undefined ? openStore(knowledgeStoreUrl(workdir, options.knowledge), { env: io.env }) : undefined;
  const indexes: SubjectIndex[] = knowledge ? [{ kind: 'knowledge', store: knowledge, scope: { tenant: options.tenant ?? 'default', namespace: options.namespace ?? 'default' } }] : [];
  const where = { subject, keys, trail, sessions: [sessions], indexes, workspace: workdir, ...(options.tenant !== undefined ? { tenant: options.tenant } : {}) };
  const emit = async (value: unknown): Promise<void> => {
    const text = JSON.stringify(value, null, 2);
    if (options.out) await writeFile(path.resolve(io.cwd, options.out), `${text}\n`);
    else io.stdout.write(`${text}\n`);
  };
  try {
    if (mode === 'export') {
      const exported = await exportSubject(where);
      await emit(exported);
      io.stderr.write(`${t('governance.dsar.exported', { sessions: exported.sessions.length, entries: exported.audit.length, key: exported.keyPresent ? 'present' : 'destroyed' })}\n`);
      return EXIT.done;
    }
    if (!options.signingKey) throw missingArgument('warden governance dsar erase', '--signing-key FILE');
    const signingKey = await readFile(path.resolve(io.cwd, options.signingKey), 'utf8');
    const governanceFile = path.resolve(io.cwd, options.governance ?? path.join(workdir, 'governance.yaml'));
    const policyVersion = existsSync(governanceFile) ? effectiveGovernance(await loadGovernanceFile(governanceFile)).version : undefined;
    // The erasure is itself recorded in the trail (the subject's random ref and the counts, never who), signed like the rest.
    const hmacKey = options.keyEnv ? io.env[options.keyEnv] : undefined;
    // An HMAC-signed trail needs its key for the erasure's entry too, or HMAC verification would stop at it.
    if (!hmacKey && existsSync(trail) && hmacSigned(await readFile(trail, 'utf8'))) throw missingArgument('warden governance dsar erase', '--key-env VAR (the trail is HMAC-signed)');
    const audit = existsSync(trail) ? auditLog({ sink: ed25519Signing(jsonlAuditSink(trail), signingKey), ...(hmacKey ? { key: hmacKey } : {}) }) : undefined;
    const receipt = await eraseSubject({ ...where, signingKey, ...(policyVersion ? { policyVersion } : {}), ...(audit ? { audit } : {}) });
    await emit(receipt);
    const e = receipt.erased;
    io.stderr.write(`${t('governance.dsar.erased', { sessions: e.sessions, knowledge: e.knowledge, deliverables: e.deliverables, tokens: e.trailTokens, key: e.keyDestroyed ? 'destroyed' : 'none' })}\n`);
    return EXIT.done;
  } finally {
    await sessions.close?.();
    await knowledge?.close();
  }
}

/** Whether the trail's last whole entry carries an HMAC signature. */
function hmacSigned(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.length > 0);
  try {
    return typeof (JSON.parse(lines[lines.length - 1] ?? '{}') as { sig?: unknown }).sig === 'string';
  } catch {
    return false;
  }
}
