import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { ApprovalStoreV1, SessionStoreV1 } from '@warden/protocol';
import {
  jsonlApprovalStore,
  jsonlSessionStore,
  postgresApprovalStore,
  postgresSessionStore,
  redisApprovalStore,
  redisSessionStore,
  sqliteApprovalStore,
  sqliteSessionStore,
} from '@warden/sessions';

export const PG_URL = process.env.WARDEN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.WARDEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export type StoreKind = 'jsonl' | 'sqlite' | 'postgres' | 'redis';

/** Where one test's stores live: plain data, so a child process can open the same stores. */
export interface StoreSpec {
  kind: StoreKind;
  dir: string;
  prefix: string;
}

export function storeSpec(kind: StoreKind, dir: string): StoreSpec {
  const tag = randomBytes(4).toString('hex');
  return { kind, dir, prefix: kind === 'redis' ? `wt:${tag}:apr:` : `t${tag}_apr_` };
}

export interface OpenedStores {
  sessions: SessionStoreV1 & { close?: () => Promise<void> };
  approvals: ApprovalStoreV1;
  close(): Promise<void>;
}

export function openStores(spec: StoreSpec): OpenedStores {
  switch (spec.kind) {
    case 'jsonl': {
      const sessions = jsonlSessionStore({ dir: join(spec.dir, 'sessions') });
      const approvals = jsonlApprovalStore({ dir: join(spec.dir, 'approvals') });
      return { sessions, approvals, close: () => sessions.close() };
    }
    case 'sqlite': {
      const path = join(spec.dir, 'warden.db');
      const sessions = sqliteSessionStore({ path, tablePrefix: spec.prefix });
      const approvals = sqliteApprovalStore({ path, tablePrefix: spec.prefix });
      return { sessions, approvals, close: async () => void (await Promise.all([sessions.close(), approvals.close()])) };
    }
    case 'postgres': {
      const sessions = postgresSessionStore({ connectionString: PG_URL, tablePrefix: spec.prefix, maxConnections: 2 });
      const approvals = postgresApprovalStore({ connectionString: PG_URL, tablePrefix: spec.prefix, maxConnections: 2 });
      return { sessions, approvals, close: async () => void (await Promise.all([sessions.close(), approvals.close()])) };
    }
    case 'redis': {
      const sessions = redisSessionStore({ url: REDIS_URL, keyPrefix: spec.prefix });
      const approvals = redisApprovalStore({ url: REDIS_URL, keyPrefix: spec.prefix });
      return { sessions, approvals, close: async () => void (await Promise.all([sessions.close(), approvals.close()])) };
    }
  }
}

/** Removes what a spec's stores left in the shared servers (temp directories are removed by the caller). */
export async function dropStores(spec: StoreSpec): Promise<void> {
  if (spec.kind === 'postgres') {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND starts_with(tablename, $1)`, [spec.prefix]);
      for (const { tablename } of rows) await client.query(`DROP TABLE IF EXISTS "${tablename}" CASCADE`);
    } finally {
      await client.end();
    }
  }
  if (spec.kind === 'redis') {
    const redis = new Redis(REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${spec.prefix}*`, 'COUNT', 500);
        cursor = next;
        if (found.length > 0) await redis.del(...found);
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
  }
}
