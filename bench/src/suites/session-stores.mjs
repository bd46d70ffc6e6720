// The session stores the sessions bench runs against, each with its own cleanup.
// PostgreSQL and Redis use a unique table/key prefix and drop what they created.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PG_URL = process.env.WARDEN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.WARDEN_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export function storeFactories(sessions) {
  const tag = `bench_${process.pid}_${Date.now().toString(36)}`;
  const jsonl = (fsync) => ({
    id: `jsonl-${fsync}`,
    label: `JSONL, fsync '${fsync}'`,
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'warden-bench-sessions-'));
      const store = sessions.jsonlSessionStore({ dir, fsync });
      return { store, cleanup: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
    },
  });
  return [
    jsonl('always'),
    jsonl('batch'),
    jsonl('never'),
    {
      id: 'sqlite',
      label: 'SQLite (better-sqlite3, WAL)',
      async open() {
        const dir = mkdtempSync(path.join(tmpdir(), 'warden-bench-sqlite-'));
        const store = sessions.sqliteSessionStore({ path: path.join(dir, 'sessions.db') });
        return { store, cleanup: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
      },
    },
    {
      id: 'postgres',
      label: 'PostgreSQL (pg, loopback)',
      async open() {
        const pg = await sessions.loadDriver('pg');
        const pool = new pg.Pool({ connectionString: PG_URL, max: 4 });
        await pool.query('select 1');
        const prefix = `${tag}_`;
        const store = sessions.postgresSessionStore({ pool, tablePrefix: prefix });
        return {
          store,
          cleanup: async () => {
            await store.close?.();
            const { rows } = await pool.query("select tablename from pg_tables where schemaname = current_schema() and tablename like $1", [`${prefix}%`]);
            for (const { tablename } of rows) await pool.query(`drop table if exists "${tablename}" cascade`);
            await pool.end();
          },
        };
      },
    },
    {
      id: 'redis',
      label: 'Redis (ioredis, loopback)',
      async open() {
        const Redis = await sessions.loadDriver('ioredis');
        const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        await client.connect();
        const keyPrefix = `${tag}:`;
        const store = sessions.redisSessionStore({ client, keyPrefix });
        return {
          store,
          cleanup: async () => {
            await store.close?.();
            let cursor = '0';
            do {
              const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
              cursor = next;
              if (keys.length) await client.del(...keys);
            } while (cursor !== '0');
            await client.quit();
          },
        };
      },
    },
  ];
}
