import type { PgQueryable } from './postgres-pool.js';

/**
 * The PostgreSQL schema, as numbered migrations applied on first use (inside one transaction that holds
 * an advisory lock, so replicas starting together apply each migration once). `<p>` is the table prefix.
 * Applied versions are recorded in `<p>schema_migrations`; the README shows the same SQL for DBAs who
 * prefer to run it themselves.
 */
export function postgresMigrations(p: string): string[] {
  return [
    `
CREATE TABLE ${p}sessions (
  id text PRIMARY KEY,
  user_id text,
  tenant_id text,
  title text NOT NULL DEFAULT '',
  version integer NOT NULL,
  next_seq bigint NOT NULL DEFAULT 1,
  message_count integer NOT NULL DEFAULT 0,
  cost_usd double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX ${p}sessions_user ON ${p}sessions (user_id, updated_at DESC);
CREATE INDEX ${p}sessions_tenant ON ${p}sessions (tenant_id, updated_at DESC);
CREATE INDEX ${p}sessions_updated ON ${p}sessions (updated_at DESC);
CREATE TABLE ${p}records (
  session_id text NOT NULL REFERENCES ${p}sessions (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  version integer NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE ${p}ops (
  session_id text NOT NULL REFERENCES ${p}sessions (id) ON DELETE CASCADE,
  op_id text NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (session_id, op_id)
);
CREATE TABLE ${p}approvals (
  id text PRIMARY KEY,
  user_id text,
  tenant_id text,
  status text NOT NULL,
  request text NOT NULL,
  answer text,
  claimed_by text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX ${p}approvals_status ON ${p}approvals (status, created_at);
CREATE INDEX ${p}approvals_owner ON ${p}approvals (user_id, tenant_id, created_at);
`,
  ];
}

/** Applies the migrations this release knows and the database lacks; returns the schema version. */
export async function migratePostgres(client: PgQueryable, p: string): Promise<number> {
  const migrations = postgresMigrations(p);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${p}warden_schema`]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${p}schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${p}schema_migrations`);
    const current = rows[0]?.version ?? 0;
    for (let v = current + 1; v <= migrations.length; v++) {
      await client.query(migrations[v - 1]!);
      await client.query(`INSERT INTO ${p}schema_migrations (version) VALUES ($1)`, [v]);
    }
    await client.query('COMMIT');
    return Math.max(current, migrations.length);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
