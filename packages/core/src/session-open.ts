import {
  errorCodeOf,
  SessionError,
  type Owner,
  type SessionRecord,
  type SessionHistory,
} from '@warden/protocol';
import { historyFromRecords } from '@warden/protocol/history';
import { configError } from './coded-errors.js';
import { storedHolder } from './handoff-records.js';
import { storedAuthority, type StoredAuthority } from './run-authority.js';
import type { RunContext } from './run-context.js';
import { SessionWriter } from './session-writer.js';

export interface OpenedSession {
  history?: SessionHistory;
  /** The taint and scope the session's earlier runs stored. */
  authority?: StoredAuthority;
  /** The agent the last accepted stored handoff left holding the conversation, with that handoff. */
  holder?: ReturnType<typeof storedHolder>;
  /** What went wrong or was repaired while opening, to emit once `run_start` is out. */
  warnings: Array<{ code: string; message: string }>;
}

function ownerOf(run: RunContext): Owner | undefined {
  const session = run.options.session;
  if (session?.owner) return session.owner;
  const { userId, tenantId } = run.options.context;
  if (userId === undefined && tenantId === undefined) return undefined;
  return { ...(userId !== undefined ? { userId } : {}), ...(tenantId !== undefined ? { tenantId } : {}) };
}

/**
 * For a fresh run: load the configured session (continuing its conversation)
 * or create it. A store failure does not stop the run: it runs without a
 * session and says so in a warning.
 */
export async function openSession(run: RunContext): Promise<OpenedSession> {
  const config = run.options.session;
  if (!config) return { warnings: [] };
  const owner = ownerOf(run);
  try {
    if (config.id !== undefined) {
      try {
        const loaded = await config.store.load(config.id, owner);
        run.session = new SessionWriter(config.store, loaded.id, loaded.version, owner, run.warn);
        return opened(loaded.records, loaded.warnings);
      } catch (error) {
        if (!(SessionError.isInstance(error) && error.code === 'session.not_found')) throw error;
      }
    }
    const created = await config.store.create({
      ...(config.id !== undefined ? { id: config.id } : {}),
      ...(owner ? { owner } : {}),
      ...(config.title !== undefined ? { title: config.title } : {}),
    });
    run.session = new SessionWriter(config.store, created.id, created.version, owner, run.warn);
    return { warnings: [] };
  } catch (error) {
    return {
      warnings: [{ code: 'core.session_unavailable', message: `the session store failed (${errorCodeOf(error)}); this run is not stored` }],
    };
  }
}

/** For a resume: the session must load (a failure is thrown, there is nothing to resume from). */
export async function loadForResume(run: RunContext, sessionId: string): Promise<OpenedSession> {
  const config = run.options.session;
  if (!config) {
    throw configError({
      code: 'config.invalid',
      message: 'resume needs a session store',
      hint: 'Pass session: { store } to createAgent.',
    });
  }
  const owner = ownerOf(run);
  const loaded = await config.store.load(sessionId, owner);
  run.session = new SessionWriter(config.store, loaded.id, loaded.version, owner, run.warn);
  return opened(loaded.records, loaded.warnings);
}

function opened(records: readonly SessionRecord[], warnings: readonly string[]): OpenedSession {
  const holder = storedHolder(records);
  return {
    history: historyFromRecords(records),
    authority: storedAuthority(records),
    ...(holder !== undefined ? { holder } : {}),
    warnings: warnings.map((message) => ({ code: 'core.session_repaired', message })),
  };
}
