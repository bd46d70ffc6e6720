import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * The schema's history, applied in name order by Kysely's Migrator (which records
 * what ran in its own table and takes a lock, so two servers starting together
 * do not both migrate). Never edit a shipped migration: add the next one.
 * Column types are the ones SQLite and PostgreSQL both understand.
 */
const initial: Migration = {
  async up(db: Kysely<unknown>) {
    // One row, ever: the first-run setup claims it, so two racing setups cannot both create an admin.
    await db.schema.createTable('dash_setup').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('done_at', 'text', (c) => c.notNull()).execute();
    await db.schema
      .createTable('dash_users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('is_admin', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dash_web_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('dash_users.id').onDelete('cascade'))
      .addColumn('csrf', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dash_projects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('dash_members')
      .addColumn('project_id', 'text', (c) => c.notNull().references('dash_projects.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('dash_users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('dash_members_pk', ['project_id', 'user_id'])
      .execute();
    await db.schema
      .createTable('dash_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('dash_projects.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema
      .createTable('dash_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull().references('dash_projects.id').onDelete('cascade'))
      .addColumn('run_id', 'text', (c) => c.notNull())
      .addColumn('digest', 'text', (c) => c.notNull())
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'double precision', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('environment', 'text')
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull())
      .addColumn('flaky', 'integer', (c) => c.notNull())
      .addColumn('skipped', 'integer', (c) => c.notNull())
      .addColumn('errored', 'integer', (c) => c.notNull())
      .addColumn('probes', 'integer', (c) => c.notNull())
      .addColumn('packs', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('report', 'text', (c) => c.notNull())
      .addUniqueConstraint('dash_runs_project_run', ['project_id', 'run_id'])
      .execute();
    await db.schema.createIndex('dash_runs_project_started').on('dash_runs').columns(['project_id', 'started_at']).execute();
    await db.schema
      .createTable('dash_case_results')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_pk', 'text', (c) => c.notNull().references('dash_runs.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('case_id', 'text', (c) => c.notNull())
      .addColumn('pack', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('flaky', 'integer', (c) => c.notNull())
      .addColumn('iterations', 'integer', (c) => c.notNull())
      .addColumn('passed', 'integer', (c) => c.notNull())
      .addColumn('pass_rate', 'double precision', (c) => c.notNull())
      .addColumn('p50_ms', 'double precision')
      .addColumn('p95_ms', 'double precision')
      .addColumn('p99_ms', 'double precision')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dash_case_results_case').on('dash_case_results').columns(['project_id', 'case_id', 'started_at']).execute();
    await db.schema.createIndex('dash_case_results_run').on('dash_case_results').columns(['run_pk']).execute();
    await db.schema
      .createTable('dash_metrics')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('run_pk', 'text', (c) => c.notNull().references('dash_runs.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('case_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dash_metrics_name').on('dash_metrics').columns(['project_id', 'name', 'started_at']).execute();
  },
};

/** Console roles: viewer (read), approver (answers approvals), admin (is_admin, everything). Old members become viewers. */
const roles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('dash_users').addColumn('role', 'text').execute();
  },
};

const MIGRATIONS: Record<string, Migration> = { '0001_initial': initial, '0002_roles': roles };

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
