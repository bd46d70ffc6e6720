import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.WARDEN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A table prefix unique to this test run, so parallel runs never share tables. */
export function uniquePrefix(tag: string): string {
  return `t${randomBytes(4).toString('hex')}_${tag}_`;
}

/** Drops every table whose name starts with `prefix`. */
export async function dropPrefixed(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND starts_with(tablename, $1)`, [
      prefix,
    ]);
    for (const { tablename } of rows) await client.query(`DROP TABLE IF EXISTS "${tablename}" CASCADE`);
  } finally {
    await client.end();
  }
}
