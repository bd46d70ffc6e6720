/**
 * The dashboard's tables, as Kysely sees them. Times are ISO-8601 UTC text (they sort
 * as text in SQLite and PostgreSQL alike); booleans are 0/1 integers; ids are random text.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_admin: number;
  /** `viewer` or `approver` (null: viewer); an admin is `is_admin = 1` whatever this says. */
  role: string | null;
  created_at: string;
}

export interface WebSessionsTable {
  /** SHA-256 of the cookie value: a stolen database does not hold live sessions. */
  id_hash: string;
  user_id: string;
  csrf: string;
  created_at: string;
  expires_at: string;
}

export interface ProjectsTable {
  id: string;
  slug: string;
  name: string;
  created_at: string;
}

export interface MembersTable {
  project_id: string;
  user_id: string;
  created_at: string;
}

export interface TokensTable {
  id: string;
  project_id: string;
  name: string;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** The first characters, so people can tell tokens apart. */
  hint: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface RunsTable {
  id: string;
  project_id: string;
  run_id: string;
  /** SHA-256 of the pushed body: a repeated push of the same bytes is a no-op. */
  digest: string;
  token_id: string;
  received_at: string;
  started_at: string;
  duration_ms: number;
  mode: string;
  environment: string | null;
  verdict: string;
  total: number;
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  errored: number;
  probes: number;
  /** Pack names, comma-joined, for the list. */
  packs: string;
  bytes: number;
  report: string;
}

export interface CaseResultsTable {
  id: string;
  run_pk: string;
  project_id: string;
  kind: string;
  case_id: string;
  pack: string;
  title: string;
  status: string;
  flaky: number;
  iterations: number;
  passed: number;
  pass_rate: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  started_at: string;
}

export interface MetricsTable {
  id: string;
  run_pk: string;
  project_id: string;
  case_id: string;
  name: string;
  value: number;
  unit: string;
  started_at: string;
}

export interface SetupTable {
  id: number;
  done_at: string;
}

export interface DashDatabase {
  dash_setup: SetupTable;
  dash_users: UsersTable;
  dash_web_sessions: WebSessionsTable;
  dash_projects: ProjectsTable;
  dash_members: MembersTable;
  dash_tokens: TokensTable;
  dash_runs: RunsTable;
  dash_case_results: CaseResultsTable;
  dash_metrics: MetricsTable;
}
