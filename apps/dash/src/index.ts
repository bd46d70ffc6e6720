// Explicit named re-exports only: adding a name here makes it public API.
export { startDash } from './server.js';
export type { RunningDash } from './server.js';
export { createDashApp } from './app.js';
export type { DashAppOptions } from './app.js';
export { DashOptions, parseDashOptions } from './config/dash-options.js';
export type { DashOptionsInput, ResolvedDashOptions } from './config/dash-options.js';
export { createConsoleSources } from './console/console-sources.js';
export type { ConsoleSources, SessionSource } from './console/console-sources.js';
export { openDatabase } from './db/open-database.js';
export type { DashDatabaseHandle, OpenDatabaseOptions } from './db/open-database.js';
export type { DashDatabase } from './db/schema.js';
export { serveOptionsFrom, parseServeArgv, SERVE_USAGE } from './serve-args.js';
export type { DashServeFlags } from './serve-args.js';
export { DashError } from './errors/dash-error.js';
export { DASH_ERROR_CODES } from './errors/error-codes.js';
export type { DashErrorCode } from './errors/error-codes.js';
