/** Stable codes of errors the dashboard throws or answers with. Public API: a table test pins them. */
export const DASH_ERROR_CODES = {
  'dash.invalid_options': 'Server options are invalid (port, public URL, database URL, limits).',
  'dash.insecure_public_url': 'The public URL is plain http on a non-loopback host, where cookies and tokens would travel in the clear.',
  'dash.driver_missing': 'The database driver (better-sqlite3 or pg) is not installed or cannot load; the hint is the install command.',
  'dash.database_failed': 'The database could not be opened or migrated.',
  'dash.bad_token': 'The push has no token, or the token is unknown or revoked.',
  'dash.wrong_project': 'The token does not belong to the project in the URL.',
  'dash.unsupported_media_type': 'The push body is not application/json.',
  'dash.too_large': 'The push body is larger than the configured limit.',
  'dash.malformed_json': 'The push body is not JSON.',
  'dash.invalid_report': 'The push body does not match the published report schema.',
  'dash.run_id_mismatch': 'The x-warden-run-id header names another run than the report.',
  'dash.run_conflict': 'A different report with the same run id is already stored in this project.',
  'dash.not_found': 'No such run in this project.',
} as const;

export type DashErrorCode = keyof typeof DASH_ERROR_CODES;
