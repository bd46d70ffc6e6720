import { existsSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { verifyAuditFile } from '@warden/harness';
import { resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

interface AuditOptions {
  keyEnv?: string;
  publicKey?: string;
  file?: string;
  workdir?: string;
}

/** `warden audit verify`: walks the hash chain (and HMAC signatures with a key) and names the first broken entry. */
export async function auditAction(ctx: CommandContext<AuditOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, extra] = positionals;
  if (!verb) throw missingArgument('warden audit', 'verify');
  if (verb !== 'verify') throw unexpectedArgument(verb, 'warden audit');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden audit');
  const auditConfig = ctx.config.config.audit || undefined;
  const keyEnv = options.keyEnv ?? auditConfig?.keyEnv;
  const key = keyEnv ? io.env[keyEnv] : undefined;
  if (keyEnv && !key) {
    throw new CliError({ code: 'cli.invalid_value', message: `--key-env ${keyEnv} is not set`, key: 'error.invalidValue', params: { flag: '--key-env', reason: `${keyEnv} is not set` } });
  }
  const configured = auditConfig?.file;
  const file = options.file
    ? path.resolve(io.cwd, options.file)
    : configured && ctx.config.file
      ? path.resolve(path.dirname(ctx.config.file), configured)
      : path.join(resolveWorkdir(io.cwd, options.workdir), '.warden', 'audit.jsonl');
  if (!existsSync(file)) {
    io.stderr.write(`${t('audit.missing', { file })}\n`);
    return EXIT.error;
  }
  const result = options.publicKey ? await verifyWithPublicKey(file, path.resolve(io.cwd, options.publicKey)) : await verifyAuditFile(file, key);
  if (options.json) io.stdout.write(`${JSON.stringify({ file, ...result })}\n`);
  else if (result.ok) io.stdout.write(`${style.green('✔')} ${t('audit.ok', { count: result.entries })}\n`);
  else io.stdout.write(`${style.red('✖')} ${t('audit.broken', { index: result.brokenAt ?? 0, reason: result.problem ?? '' })}\n`);
  return result.ok ? EXIT.done : EXIT.error;
}

/** `--public-key FILE`: the chain and every Ed25519 signature, with no secret (what an auditor runs). */
async function verifyWithPublicKey(file: string, keyFile: string): Promise<{ ok: boolean; entries: number; brokenAt?: number; problem?: string }> {
  const { verifyAuditSignatures } = await import('@warden/governance');
  const { readFile } = await import('node:fs/promises');
  const result = await verifyAuditSignatures(file, await readFile(keyFile, 'utf8'));
  return { ok: result.ok, entries: result.entries, ...(result.firstBad ? { brokenAt: result.firstBad.line, problem: result.firstBad.problem } : {}) };
}
