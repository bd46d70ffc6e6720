import { rowsOf, type MysqlQueryable } from './mysql-pool.js';
import { ioError } from './session-errors.js';

/**
 * The MySQL/MariaDB schema as numbered migrations, applied on first use under a named lock
 * (`GET_LOCK`), so replicas starting together apply each migration once; DDL is not transactional
 * here, so every statement is safe to repeat. `<p>` is the table prefix. Ids and op ids are
 * `VARCHAR(191)` (an index key of utf8mb4 fits 767 bytes); bodies are `LONGTEXT`.
 */
export function mysqlMigrations(p: string): string[][] {
  return [
    [
      `CREATE TABLE IF NOT EXISTS ${p}sessions (
  id VARCHAR(191) NOT NULL PRIMARY KEY,
  user_id VARCHAR(191) NULL,
  tenant_id VARCHAR(191) NULL,
  title TEXT NOT NULL,
  version INT NOT NULL,
  next_seq BIGINT NOT NULL DEFAULT 1,
  message_count INT NOT NULL DEFAULT 0,
  cost_usd DOUBLE NOT NULL DEFAULT 0,
  created_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  updated_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  KEY ${p}sessions_user (user_id, updated_at),
  KEY ${p}sessions_tenant (tenant_id, updated_at),
  KEY ${p}sessions_updated (updated_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
      `CREATE TABLE IF NOT EXISTS ${p}records (
  session_id VARCHAR(191) NOT NULL,
  seq BIGINT NOT NULL,
  version INT NOT NULL,
  body LONGTEXT NOT NULL,
  PRIMARY KEY (session_id, seq),
  CONSTRAINT ${p}records_session FOREIGN KEY (session_id) REFERENCES ${p}sessions (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
      `CREATE TABLE IF NOT EXISTS ${p}ops (
  session_id VARCHAR(191) NOT NULL,
  op_id VARCHAR(191) NOT NULL,
  version INT NOT NULL,
  PRIMARY KEY (session_id, op_id),
  CONSTRAINT ${p}ops_session FOREIGN KEY (session_id) REFERENCES ${p}sessions (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
      `CREATE TABLE IF NOT EXISTS ${p}approvals (
  id VARCHAR(191) NOT NULL PRIMARY KEY,
  user_id VARCHAR(191) NULL,
  tenant_id VARCHAR(191) NULL,
  status VARCHAR(32) NOT NULL,
  request LONGTEXT NOT NULL,
  answer LONGTEXT NULL,
  claimed_by VARCHAR(191) NULL,
  created_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  KEY ${p}approvals_status (status, created_at),
  KEY ${p}approvals_owner (user_id, tenant_id, created_at)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    ],
  ];
}

/** Applies the migrations this release knows and the database lacks; returns the schema version. */
export async function migrateMysql(client: MysqlQueryable, p: string): Promise<number> {
  const migrations = mysqlMigrations(p);
  const lock = `${p}warden_schema`;
  const got = rowsOf<{ ok: number | null }>(await client.query('SELECT GET_LOCK(?, 30) AS ok', [lock]));
  if (Number(got[0]?.ok) !== 1) throw ioError(`take the schema lock ${lock} (another process held it for 30 s)`, undefined);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${p}schema_migrations (version INT NOT NULL PRIMARY KEY, applied_at DATETIME(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)) ENGINE=InnoDB`);
    const rows = rowsOf<{ version: number | null }>(await client.query(`SELECT MAX(version) AS version FROM ${p}schema_migrations`));
    const current = Number(rows[0]?.version ?? 0);
    for (let v = current + 1; v <= migrations.length; v++) {
      for (const statement of migrations[v - 1]!) await client.query(statement);
      await client.query(`INSERT INTO ${p}schema_migrations (version) VALUES (?)`, [v]);
    }
    return Math.max(current, migrations.length);
  } finally {
    await client.query('SELECT RELEASE_LOCK(?)', [lock]);
  }
}
