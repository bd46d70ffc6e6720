import { openSessionStore, parseStoreLocation, type HarnessOptions } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { Translator } from '../i18n/translator.js';
import { explainStoreError } from './store-errors.js';

/** A store location without its password, for messages. */
function printable(spec: string): string {
  return spec.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

export function storeFailed(spec: string, error: unknown, t: Translator): CliError {
  const why = explainStoreError(error, t);
  return new CliError({
    code: 'cli.session_store',
    message: `the session store ${printable(spec)} cannot be used: ${why}`,
    key: 'error.sessionStore',
    params: { store: printable(spec), why },
    hintKey: 'hint.sessionStore',
    cause: error,
  });
}

/**
 * A store asked for by name (`--sessions` or the config's `sessions`) must work: a run that
 * cannot be stored where it was asked to be fails before it starts, instead of a warning and
 * exit 0. Only a server store is checked here (a folder is created on first write).
 */
export async function checkRequestedStore(options: HarnessOptions, t: Translator): Promise<void> {
  const spec = options.sessions;
  if (typeof spec !== 'string') return;
  const location = parseStoreLocation(spec, options.workdir);
  if (location.kind === 'jsonl') return;
  let store;
  try {
    store = await openSessionStore(location);
    await store.list({ limit: 1 });
  } catch (error) {
    throw storeFailed(spec, error, t);
  } finally {
    await store?.close?.();
  }
}
