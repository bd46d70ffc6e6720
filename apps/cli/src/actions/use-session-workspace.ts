import path from 'node:path';
import { describeStore, openSessionStore, parseStoreLocation, type HarnessOptions } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from './run-options.js';
import { lookupSessionId } from './session-ids.js';
import { storedWorkspace, workspaceExists, workspaceOfStoreDir } from './session-workspace.js';

function unknownSession(id: string, store: string): CliError {
  return new CliError({ code: 'cli.unknown_session', message: `there is no session "${id}" in ${store}`, key: 'error.unknownSession', params: { id, store }, hintKey: 'hint.unknownSession', hintParams: { id } });
}

/**
 * `--session ID|FILE`: the session's full id (a unique prefix is enough) and, when the session
 * was recorded in another workspace, that workspace and its audit trail for this run — never
 * silently the current directory. A recorded workspace that is gone, or a `--workdir` naming a
 * different one, is refused.
 */
export async function useSessionWorkspace(ctx: CommandContext<Partial<RunCommandOptions>>, options: HarnessOptions, ref: { id: string; dir?: string }): Promise<string> {
  if (typeof options.sessions === 'object') return ref.id;
  const workdir = options.workdir;
  const location = parseStoreLocation(options.sessions, workdir);
  const store = await openSessionStore(location);
  let id: string;
  let recorded;
  try {
    const found = await lookupSessionId(store, ref.id);
    id = found.id;
    // A mistyped id must not quietly start an empty session under that name: creating one is asked for.
    if (!found.known && !ctx.options.newSession) throw unknownSession(id, describeStore(location));
    recorded = await storedWorkspace(store, id);
  } finally {
    await store.close?.();
  }
  recorded ??= ref.dir ? workspaceOfStoreDir(ref.dir) : undefined;
  if (!recorded || path.resolve(recorded.workdir) === path.resolve(workdir)) return id;
  const params = { id, recorded: recorded.workdir, workdir };
  if (ctx.options.workdir !== undefined) {
    throw new CliError({ code: 'cli.session_workspace', message: `session ${id} belongs to ${recorded.workdir}, not --workdir ${workdir}`, key: 'error.sessionOtherWorkspace', params, hintKey: 'hint.sessionOtherWorkspace', hintParams: params });
  }
  if (!workspaceExists(recorded)) {
    throw new CliError({ code: 'cli.session_workspace', message: `session ${id} belongs to ${recorded.workdir}, which no longer exists`, key: 'error.sessionWorkspaceGone', params, hintKey: 'hint.sessionWorkspaceGone', hintParams: params });
  }
  // The store stays where the session was found; the workspace and audit trail follow the session.
  if (location.kind === 'jsonl') options.sessions = location.dir;
  options.workdir = recorded.workdir;
  if (recorded.auditFile && options.audit !== false && !options.audit?.file) options.audit = { ...options.audit, file: recorded.auditFile };
  ctx.io.stderr.write(`${ctx.style.dim(ctx.t('run.sessionWorkspace', params))}\n`);
  return id;
}
