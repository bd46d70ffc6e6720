/** The SQLite tables (created if missing on open). Owner columns are indexed for filtered listing. */
export function sqliteSchema(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  tenant_id TEXT,
  title TEXT NOT NULL DEFAULT '',
  version INTEGER NOT NULL,
  message_count INTEGER NOT NULL DEFAULT 0,
  cost_usd REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ${p}sessions_user ON ${p}sessions (user_id, updated_at);
CREATE INDEX IF NOT EXISTS ${p}sessions_tenant ON ${p}sessions (tenant_id, updated_at);
CREATE INDEX IF NOT EXISTS ${p}sessions_updated ON ${p}sessions (updated_at);
CREATE TABLE IF NOT EXISTS ${p}records (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  version INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ${p}ops (
  session_id TEXT NOT NULL,
  op_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (session_id, op_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ${p}approvals (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  tenant_id TEXT,
  status TEXT NOT NULL,
  request TEXT NOT NULL,
  answer TEXT,
  claimed_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ${p}approvals_status ON ${p}approvals (status, created_at);
CREATE INDEX IF NOT EXISTS ${p}approvals_owner ON ${p}approvals (user_id, tenant_id, created_at);
`;
}
