import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { DashError } from '../errors/dash-error.js';
import { loadDriver } from './driver-loader.js';
import { migrationProvider } from './migrations.js';
import type { DashDatabase } from './schema.js';

export interface DashDatabaseHandle {
  db: Kysely<DashDatabase>;
  /** `sqlite` or `postgres`. */
  kind: 'sqlite' | 'postgres';
  /** Where the data is: the SQLite file, or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** SQLite: the directory that holds `dash.sqlite`. */
  dataDir?: string;
  /** PostgreSQL: a postgres:// URL; wins over dataDir. */
  databaseUrl?: string;
  /** PostgreSQL schema (created if missing; default `public`). */
  pgSchema?: string;
}

function failed(message: string, cause: unknown): DashError {
  return new DashError({ code: 'dash.database_failed', message, hint: 'Check the data directory is writable, or that PostgreSQL is reachable with the given URL.', cause });
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres://(invalid URL)';
  }
}

/** Opens SQLite (default) or PostgreSQL and brings the schema up to date with Kysely's Migrator. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DashDatabaseHandle> {
  let handle: DashDatabaseHandle;
  if (options.databaseUrl !== undefined) {
    const schema = options.pgSchema ?? 'public';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw failed(`Invalid PostgreSQL schema name.`, undefined);
    const pg = await loadDriver<typeof import('pg')>('pg');
    if (schema !== 'public') {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      try {
        await client.connect();
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } catch (error) {
        throw failed(`PostgreSQL at ${withoutPassword(options.databaseUrl)} could not be prepared.`, error);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: `-c search_path=${schema}` });
    handle = { db: new Kysely<DashDatabase>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', location: withoutPassword(options.databaseUrl), close: async () => undefined };
  } else {
    const dir = path.resolve(options.dataDir ?? '.warden/dash');
    const file = path.join(dir, 'dash.sqlite');
    const Database = await loadDriver<typeof import('better-sqlite3')>('better-sqlite3');
    let sqlite: InstanceType<typeof Database>;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      sqlite = new Database(file);
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
    } catch (error) {
      throw failed(`The SQLite database in ${dir} could not be opened.`, error);
    }
    handle = { db: new Kysely<DashDatabase>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: 'sqlite', location: file, close: async () => undefined };
  }
  const db = handle.db;
  handle.close = () => db.destroy();
  // In PostgreSQL the Migrator's own tables are named with the schema: its existence check
  // looks across every schema, and would otherwise find another schema's table.
  const migrationTableSchema = handle.kind === 'postgres' ? (options.pgSchema ?? 'public') : undefined;
  try {
    const migrator = new Migrator({ db, provider: migrationProvider, ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }) });
    const { error } = await migrator.migrateToLatest();
    if (error !== undefined) throw error;
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw failed(`The database at ${handle.location} could not be migrated.`, error);
  }
  return handle;
}
