import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeStore, parseStoreLocation, type HarnessOptions } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';

/**
 * Whether a file could be created (or appended to) at `target`: the file itself when it exists,
 * else the nearest existing folder above it, which must be a writable folder (a file in the way,
 * a read-only mount or missing permission all say no).
 */
function canWrite(target: string, isDir: boolean): boolean {
  let at = path.resolve(target);
  try {
    if (existsSync(at)) {
      const stat = statSync(at);
      if (isDir ? !stat.isDirectory() : !stat.isFile()) return false;
      accessSync(at, constants.W_OK);
      return true;
    }
    for (;;) {
      const parent = path.dirname(at);
      if (parent === at) return false;
      at = parent;
      if (existsSync(at)) {
        if (!statSync(at).isDirectory()) return false;
        accessSync(at, constants.W_OK);
        return true;
      }
    }
  } catch {
    return false;
  }
}

/** The folder (or database file) a local session store writes, or undefined for a server store. */
function localStorePath(options: HarnessOptions, workdir: string): { target: string; isDir: boolean; shown: string } | undefined {
  if (typeof options.sessions === 'object') return undefined;
  const location = parseStoreLocation(options.sessions, workdir);
  if (location.kind === 'jsonl') return { target: location.dir, isDir: true, shown: describeStore(location) };
  if (location.kind === 'sqlite' && location.path !== ':memory:') return { target: location.path, isDir: false, shown: describeStore(location) };
  return undefined;
}

/**
 * Before any tool runs (and before the harness opens the store): the session store and the audit
 * trail must be writable, or the run would do its work and only then fail to record it (a read-only
 * workspace, a checkout mounted read-only). The error names where each lives and how to move it.
 */
export function assertStoreWritable(options: HarnessOptions): void {
  const store = localStorePath(options, options.workdir);
  if (store && !canWrite(store.target, store.isDir)) {
    throw new CliError({
      code: 'cli.not_writable',
      message: `the session store ${store.shown} is not writable; no tool ran`,
      key: 'error.storeNotWritable',
      params: { store: store.shown },
      hintKey: 'hint.storeNotWritable',
    });
  }
}

/** The audit trail the composed harness writes (its file is known once the harness is). */
export function assertAuditWritable(run: { auditFile?: string }): void {
  if (run.auditFile && !canWrite(run.auditFile, false)) {
    throw new CliError({
      code: 'cli.not_writable',
      message: `the audit trail ${run.auditFile} is not writable; no tool ran`,
      key: 'error.auditNotWritable',
      params: { file: run.auditFile },
      hintKey: 'hint.auditNotWritable',
    });
  }
}
