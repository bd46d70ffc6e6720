import { openSessionStore, parseStoreLocation, type HarnessOptions } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from './run-options.js';
import { lookupSessionId } from './session-ids.js';
import { sessionReference } from './session-reference.js';

/** One word with a digit, no spaces: what a session id (or its prefix) looks like, unlike a task. */
function looksLikeId(token: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(token) && /\d/.test(token);
}

/**
 * `warden --resume ID` (and `-c ID`): the one word after it names a stored session, so that session
 * is resumed — never the newest one with the id sent to the model as a task. A word that looks like
 * an id but names no session is refused, naming `--session ID`; anything else stays the task.
 * Returns the session reference to resume, or undefined when the word is a task.
 */
export async function namedResumeTarget(ctx: CommandContext<RunCommandOptions>, options: HarnessOptions): Promise<{ id: string; dir?: string } | undefined> {
  const { positionals } = ctx;
  const resume = ctx.options.resume === true || ctx.options.continue === true;
  if (!resume || ctx.options.session || ctx.options.prompt !== undefined || positionals.length !== 1) return undefined;
  const token = positionals[0]!;
  const ref = sessionReference(token, ctx.io.cwd);
  if (ref.dir) return ref;
  if (typeof options.sessions === 'object' || !/^\S+$/.test(token)) return undefined;
  const store = await openSessionStore(parseStoreLocation(options.sessions, options.workdir));
  let found;
  try {
    found = await lookupSessionId(store, token);
  } finally {
    await store.close?.();
  }
  if (found.known) return { id: found.id };
  if (!looksLikeId(token)) return undefined;
  throw new CliError({
    code: 'cli.unknown_session',
    message: `--resume continues the newest session; "${token}" is no stored session`,
    key: 'error.resumeNotASession',
    params: { value: token },
    hintKey: 'hint.resumeNotASession',
    hintParams: { value: token },
  });
}
