import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionRecord, SessionStoreV1 } from '@warden/protocol';
import { newRecordId } from './record-id.js';

/** The meta record the CLI keeps in a session: the workspace (and audit trail) its runs used. */
export const WORKSPACE_META_KEY = 'cli.workspace';

export interface SessionWorkspace {
  workdir: string;
  auditFile?: string;
  /** The model the run used, so `warden approvals resume` continues with the same one (never a key). */
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** The kept sandbox the run used (`--keep-sandbox`): its spec (no secrets) and id, so resuming re-attaches. */
  sandboxSpec?: string;
  sandboxId?: string;
}

const FIELDS = ['workdir', 'auditFile', 'provider', 'model', 'baseUrl', 'sandboxSpec', 'sandboxId'] as const;

/** A base URL without user info, query or fragment: whatever credential a URL may carry never enters the session. */
export function keylessUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

function isWorkspace(value: unknown): value is SessionWorkspace {
  return typeof value === 'object' && value !== null && typeof (value as SessionWorkspace).workdir === 'string';
}

/** The workspace the session's last run recorded, if any. */
export function recordedWorkspace(records: readonly SessionRecord[]): SessionWorkspace | undefined {
  let found: SessionWorkspace | undefined;
  for (const record of records) if (record.type === 'meta' && record.key === WORKSPACE_META_KEY && isWorkspace(record.value)) found = record.value;
  return found;
}

/** A session file in the default store (`WS/.warden/sessions/ID.jsonl`) belongs to `WS`. */
export function workspaceOfStoreDir(dir: string): SessionWorkspace | undefined {
  const resolved = path.resolve(dir);
  if (path.basename(resolved) !== 'sessions' || path.basename(path.dirname(resolved)) !== '.warden') return undefined;
  return { workdir: path.dirname(path.dirname(resolved)) };
}

/** The recorded workspace of a stored session (undefined when the session does not exist or recorded none). */
export async function storedWorkspace(store: SessionStoreV1, id: string): Promise<SessionWorkspace | undefined> {
  try {
    return recordedWorkspace((await store.load(id)).records);
  } catch {
    return undefined;
  }
}

/**
 * Records where the session ran, once its run is over (never during one: the run's own writer
 * holds the session's version). Nothing is written when the same workspace is already recorded.
 */
export async function recordWorkspace(store: SessionStoreV1, id: string, workspace: SessionWorkspace): Promise<void> {
  try {
    const loaded = await store.load(id);
    const current = recordedWorkspace(loaded.records);
    if (current && FIELDS.every((field) => current[field] === workspace[field])) return;
    const value: Record<string, string> = { workdir: workspace.workdir };
    for (const field of FIELDS) if (workspace[field] !== undefined) value[field] = workspace[field]!;
    await store.append(id, [{ type: 'meta', id: newRecordId(), at: new Date().toISOString(), key: WORKSPACE_META_KEY, value }], { expectedVersion: loaded.version });
  } catch {
    // Best effort: a session that cannot take the record still resumes from the current directory.
  }
}

/** True when the recorded workspace is still a directory. */
export function workspaceExists(workspace: SessionWorkspace): boolean {
  return existsSync(workspace.workdir);
}
