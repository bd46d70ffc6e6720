import { type OptionKeys } from '@warden/protocol';
import { loadDriver, type ModuleImporter } from './driver-loader.js';
import { ioError } from './session-errors.js';
import { checkedPrefix } from './sql-identifier.js';
import { migratePostgres } from './postgres-schema.js';
import { lazyPool, type LazyPool } from './lazy-pool.js';

/** What the PostgreSQL stores need from a `pg` client or pool. */
export interface PgQueryable {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** The subset of `pg.Pool` the stores use; pass your own pool to share it. */
export interface PgPoolLike extends PgQueryable {
  connect(): Promise<PgQueryable & { release(error?: Error | boolean): void }>;
  end(): Promise<void>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PostgresStoreOptions {
  /** `postgres://user@host:5432/db`; ignored when `pool` is given. */
  connectionString?: string;
  /** An existing pool (not closed by the store). */
  pool?: PgPoolLike;
  /** Prefix of the table names (default `warden_`). */
  tablePrefix?: string;
  /** Most connections the store's own pool opens (default 10). */
  maxConnections?: number;
  importer?: ModuleImporter;
}

/** Every key of {@link PostgresStoreOptions}: the compiler keeps the list equal to the interface. */
export const POSTGRES_STORE_KEYS = { connectionString: true, pool: true, tablePrefix: true, maxConnections: true, importer: true } satisfies OptionKeys<PostgresStoreOptions>;

export type PostgresHandle = LazyPool<PgPoolLike>;

/** A lazily opened pool whose schema is created on first use. */
export function postgresHandle(options: PostgresStoreOptions): PostgresHandle {
  const prefix = checkedPrefix(options.tablePrefix ?? 'warden_');
  return lazyPool(
    prefix,
    options.pool,
    async () => {
      const pg = await loadDriver<{ Pool: new (config: object) => PgPoolLike }>('pg', options.importer);
      const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
      // An idle client that drops must not crash the process; the next query reports it.
      pool.on?.('error', () => undefined);
      return pool;
    },
    async (pool) => {
      const client = await pool.connect();
      try {
        await migratePostgres(client, prefix);
      } finally {
        client.release();
      }
    },
    (error) => ioError('prepare the PostgreSQL schema', error),
  );
}
