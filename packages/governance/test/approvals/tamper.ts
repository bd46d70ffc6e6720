import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { ApprovalAnswer, ApprovalRequest, SessionRecord } from '@warden/protocol';
import { PG_URL, type StoreSpec } from './stores.js';

type ApprovalRecord = Extract<SessionRecord, { type: 'approval' }>;

/** What an attacker with write access to the database does: edit a stored row in place. */
export interface Tamper {
  /** Edits the session's approval record (the session copy of the request). */
  sessionCopy(sessionId: string, edit: (record: ApprovalRecord) => void): Promise<void>;
  /** Edits the approval store's row: its request and its answer. */
  storeCopy(id: string, edit: (row: { request: ApprovalRequest; answer: ApprovalAnswer | undefined }) => void): Promise<void>;
}

export function tamper(spec: StoreSpec): Tamper {
  if (spec.kind === 'sqlite') return sqliteTamper(spec);
  if (spec.kind === 'postgres') return postgresTamper(spec);
  throw new Error(`no tamper helper for ${spec.kind}`);
}

const isParkedApproval = (record: SessionRecord): record is ApprovalRecord => record.type === 'approval' && record.answer === undefined;

function sqliteTamper(spec: StoreSpec): Tamper {
  const p = spec.prefix;
  const withDb = <T>(fn: (db: Database.Database) => T): T => {
    const db = new Database(join(spec.dir, 'warden.db'));
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    async sessionCopy(sessionId, edit) {
      withDb((db) => {
        const rows = db.prepare(`SELECT seq, body FROM ${p}records WHERE session_id = ?`).all(sessionId) as { seq: number; body: string }[];
        for (const row of rows) {
          const record = JSON.parse(row.body) as SessionRecord;
          if (!isParkedApproval(record)) continue;
          edit(record);
          db.prepare(`UPDATE ${p}records SET body = ? WHERE session_id = ? AND seq = ?`).run(JSON.stringify(record), sessionId, row.seq);
        }
      });
    },
    async storeCopy(id, edit) {
      withDb((db) => {
        const row = db.prepare(`SELECT request, answer FROM ${p}approvals WHERE id = ?`).get(id) as { request: string; answer: string | null };
        const parsed = { request: JSON.parse(row.request) as ApprovalRequest, answer: row.answer === null ? undefined : (JSON.parse(row.answer) as ApprovalAnswer) };
        edit(parsed);
        db.prepare(`UPDATE ${p}approvals SET request = ?, answer = ? WHERE id = ?`).run(JSON.stringify(parsed.request), parsed.answer === undefined ? null : JSON.stringify(parsed.answer), id);
      });
    },
  };
}

function postgresTamper(spec: StoreSpec): Tamper {
  const p = spec.prefix;
  const withClient = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    sessionCopy: (sessionId, edit) =>
      withClient(async (client) => {
        const { rows } = await client.query<{ seq: number; body: string }>(`SELECT seq, body FROM ${p}records WHERE session_id = $1`, [sessionId]);
        for (const row of rows) {
          const record = JSON.parse(row.body) as SessionRecord;
          if (!isParkedApproval(record)) continue;
          edit(record);
          await client.query(`UPDATE ${p}records SET body = $1 WHERE session_id = $2 AND seq = $3`, [JSON.stringify(record), sessionId, row.seq]);
        }
      }),
    storeCopy: (id, edit) =>
      withClient(async (client) => {
        const { rows } = await client.query<{ request: string; answer: string | null }>(`SELECT request, answer FROM ${p}approvals WHERE id = $1`, [id]);
        const row = rows[0]!;
        const parsed = { request: JSON.parse(row.request) as ApprovalRequest, answer: row.answer === null ? undefined : (JSON.parse(row.answer) as ApprovalAnswer) };
        edit(parsed);
        await client.query(`UPDATE ${p}approvals SET request = $1, answer = $2 WHERE id = $3`, [JSON.stringify(parsed.request), parsed.answer === undefined ? null : JSON.stringify(parsed.answer), id]);
      }),
  };
}
