import { type OptionKeys } from '@warden/protocol';
import { loadDriver, type ModuleImporter } from './driver-loader.js';
import { ioError } from './session-errors.js';
import { checkedPrefix } from './sql-identifier.js';
import { migrateMysql } from './mysql-schema.js';
import { lazyPool, type LazyPool } from './lazy-pool.js';

/** One result of `mysql2/promise`: rows for a SELECT, a header with `affectedRows` otherwise. */
export type MysqlResult<R> = [R[] | { affectedRows: number }, unknown];

/** What the MySQL/MariaDB stores need from a `mysql2` promise connection. */
export interface MysqlQueryable {
  query<R = Record<string, unknown>>(sql: string, values?: unknown[]): Promise<MysqlResult<R>>;
}

/** The subset of a `mysql2` promise pool the stores use; pass your own pool to share it. */
export interface MysqlPoolLike extends MysqlQueryable {
  getConnection(): Promise<MysqlQueryable & { release(): void }>;
  end(): Promise<void>;
}

export interface MysqlStoreOptions {
  /** `mysql://user:password@host:3306/db` (or `mariadb://…`); ignored when `pool` is given. */
  connectionString?: string;
  /** An existing `mysql2` promise pool (not closed by the store). */
  pool?: MysqlPoolLike;
  /** Prefix of the table names (default `warden_`). */
  tablePrefix?: string;
  /** Most connections the store's own pool opens (default 10). */
  maxConnections?: number;
  importer?: ModuleImporter;
}

/** Every key of {@link MysqlStoreOptions}: the compiler keeps the list equal to the interface. */
export const MYSQL_STORE_KEYS = { connectionString: true, pool: true, tablePrefix: true, maxConnections: true, importer: true } satisfies OptionKeys<MysqlStoreOptions>;

export type MysqlHandle = LazyPool<MysqlPoolLike>;

/** Rows of a SELECT (an empty list for anything else). */
export function rowsOf<R>(result: MysqlResult<R>): R[] {
  return Array.isArray(result[0]) ? result[0] : [];
}

/** Rows an UPDATE/INSERT/DELETE changed. */
export function affected(result: MysqlResult<unknown>): number {
  return Array.isArray(result[0]) ? 0 : result[0].affectedRows;
}

/** `mariadb://` is the same wire protocol: mysql2 reads it as `mysql://`. */
function driverUri(connectionString: string | undefined): string | undefined {
  return connectionString?.replace(/^mariadb:\/\//i, 'mysql://');
}

/** A lazily opened pool whose schema is created on first use. */
export function mysqlHandle(options: MysqlStoreOptions): MysqlHandle {
  const prefix = checkedPrefix(options.tablePrefix ?? 'warden_');
  return lazyPool(
    prefix,
    options.pool,
    async () => {
      const mysql = await loadDriver<{ createPool(config: object): { promise(): MysqlPoolLike } }>('mysql2', options.importer);
      // Times as UTC text and big numbers as strings, so nothing depends on the server's time zone or on float precision.
      return mysql.createPool({ uri: driverUri(options.connectionString), connectionLimit: options.maxConnections ?? 10, timezone: 'Z', dateStrings: true, supportBigNumbers: true }).promise();
    },
    async (pool) => {
      const connection = await pool.getConnection();
      try {
        await migrateMysql(connection, prefix);
      } finally {
        connection.release();
      }
    },
    (error) => ioError('prepare the MySQL/MariaDB schema', error),
  );
}
