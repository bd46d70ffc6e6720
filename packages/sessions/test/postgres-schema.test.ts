import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresMigrations } from '../src/postgres-schema.js';
import { postgresSessionStore } from '../src/postgres-store.js';
import { sqliteSessionStore } from '../src/sqlite-store.js';
import { dropPrefixed, PG_URL, uniquePrefix } from './pg-helpers.js';

const tablePrefix = uniquePrefix('schema');
afterAll(() => dropPrefixed(tablePrefix));

describe('PostgreSQL schema', () => {
  it('is created once on first use, even by replicas starting together', async () => {
    const replicas = Array.from({ length: 4 }, () => postgresSessionStore({ connectionString: PG_URL, tablePrefix, maxConnections: 2 }));
    try {
      const created = await Promise.all(replicas.map((store) => store.create({})));
      expect(new Set(created.map((c) => c.id)).size).toBe(4);
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${tablePrefix}schema_migrations ORDER BY version`);
        expect(rows.map((r) => r.version)).toEqual(postgresMigrations(tablePrefix).map((_, i) => i + 1));
        const { rows: indexes } = await client.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`, [
          `${tablePrefix}sessions`,
        ]);
        expect(indexes.map((i) => i.indexname)).toEqual([`${tablePrefix}sessions_pkey`, `${tablePrefix}sessions_tenant`, `${tablePrefix}sessions_updated`, `${tablePrefix}sessions_user`]);
      } finally {
        await client.end();
      }
      // A store opened later finds the schema in place and applies nothing twice.
      const later = postgresSessionStore({ connectionString: PG_URL, tablePrefix });
      await expect(later.list()).resolves.toHaveLength(4);
      await later.close();
    } finally {
      await Promise.all(replicas.map((store) => store.close()));
    }
  });

  it('refuses a table prefix that is not a plain identifier', () => {
    expect(() => postgresSessionStore({ connectionString: PG_URL, tablePrefix: 'x; DROP TABLE y; --' })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => sqliteSessionStore({ path: ':memory:', tablePrefix: 'a-b' })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});
