import { parseArgs } from 'node:util';
import type { DashOptionsInput } from './config/dash-options.js';
import { DashError } from './errors/dash-error.js';

/** The flags `warden-dash serve` and `warden dash serve` share, as dashboard options. */
export interface DashServeFlags {
  data?: string;
  databaseUrl?: string;
  pgSchema?: string;
  host?: string;
  port?: string | number;
  publicUrl?: string;
  maxReportMb?: string | number;
  allowInsecureHttp?: boolean;
  /** Session store locations (repeatable). */
  sessions?: string[];
  approvals?: string;
  fleetQueue?: string;
  fleetName?: string;
  fleetPrefix?: string;
}

/**
 * Flags (and the environment: `WARDEN_DASH_DATABASE_URL` keeps a password off the
 * command line, `WARDEN_DASH_PUBLIC_URL` suits containers) → options for startDash.
 */
export function serveOptionsFrom(flags: DashServeFlags, env: Readonly<Record<string, string | undefined>>): DashOptionsInput {
  const databaseUrl = flags.databaseUrl ?? env.WARDEN_DASH_DATABASE_URL;
  const publicUrl = flags.publicUrl ?? env.WARDEN_DASH_PUBLIC_URL;
  const options: DashOptionsInput = {};
  if (flags.data !== undefined) options.dataDir = flags.data;
  if (databaseUrl) options.databaseUrl = databaseUrl;
  if (flags.pgSchema !== undefined) options.pgSchema = flags.pgSchema;
  if (flags.host !== undefined) options.host = flags.host;
  if (flags.port !== undefined) options.port = Number(flags.port);
  if (publicUrl) options.publicUrl = publicUrl;
  if (flags.maxReportMb !== undefined) options.maxReportBytes = Math.round(Number(flags.maxReportMb) * 1024 * 1024);
  if (flags.allowInsecureHttp !== undefined) options.allowInsecureHttp = flags.allowInsecureHttp;
  // Store and queue URLs can hold passwords: the environment keeps them off the command line.
  const sessions = flags.sessions ?? env.WARDEN_DASH_SESSIONS?.split(/\s+/).filter(Boolean);
  if (sessions && sessions.length > 0) options.sessions = sessions;
  const approvals = flags.approvals ?? env.WARDEN_DASH_APPROVALS;
  if (approvals) options.approvals = approvals;
  const fleetQueue = flags.fleetQueue ?? env.WARDEN_DASH_FLEET_QUEUE;
  if (fleetQueue) options.fleet = { connection: fleetQueue, ...(flags.fleetName ? { queue: flags.fleetName } : {}), ...(flags.fleetPrefix ? { prefix: flags.fleetPrefix } : {}) };
  return options;
}

export const SERVE_USAGE = `Usage: warden-dash serve [options]

  --data DIR               SQLite data directory (default .warden/dash)
  --database-url URL       postgres://… to use PostgreSQL (or WARDEN_DASH_DATABASE_URL)
  --pg-schema NAME         PostgreSQL schema (default public)
  --host HOST              listen address (default 127.0.0.1)
  --port PORT              listen port (default 8787)
  --public-url URL         the https URL people reach it at (or WARDEN_DASH_PUBLIC_URL)
  --max-report-mb N        largest report accepted (default 16)
  --allow-insecure-http    allow a plain-http, non-loopback public URL
  --sessions LOCATION      a session store the console reads (repeatable; or WARDEN_DASH_SESSIONS, space-separated)
  --approvals LOCATION     the durable approval store (default: beside the first session store)
  --fleet-queue URL        the fleet's redis:// queue (or WARDEN_DASH_FLEET_QUEUE)
  --fleet-name NAME        the fleet's queue name (default warden)
  --fleet-prefix PREFIX    the fleet's BullMQ key prefix (default warden-fleet)
`;

/** Parses `serve` and its flags; throws a DashError naming an unknown flag. */
export function parseServeArgv(argv: readonly string[]): { help: boolean; flags: DashServeFlags } {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        data: { type: 'string' },
        'database-url': { type: 'string' },
        'pg-schema': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'public-url': { type: 'string' },
        'max-report-mb': { type: 'string' },
        'allow-insecure-http': { type: 'boolean' },
        sessions: { type: 'string', multiple: true },
        approvals: { type: 'string' },
        'fleet-queue': { type: 'string' },
        'fleet-name': { type: 'string' },
        'fleet-prefix': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (positionals.length > 0 && positionals[0] !== 'serve') throw new Error(`unknown command ${positionals[0]}`);
    const flags: DashServeFlags = {};
    if (values.data !== undefined) flags.data = values.data;
    if (values['database-url'] !== undefined) flags.databaseUrl = values['database-url'];
    if (values['pg-schema'] !== undefined) flags.pgSchema = values['pg-schema'];
    if (values.host !== undefined) flags.host = values.host;
    if (values.port !== undefined) flags.port = values.port;
    if (values['public-url'] !== undefined) flags.publicUrl = values['public-url'];
    if (values['max-report-mb'] !== undefined) flags.maxReportMb = values['max-report-mb'];
    if (values['allow-insecure-http'] !== undefined) flags.allowInsecureHttp = values['allow-insecure-http'];
    if (values.sessions !== undefined) flags.sessions = values.sessions;
    if (values.approvals !== undefined) flags.approvals = values.approvals;
    if (values['fleet-queue'] !== undefined) flags.fleetQueue = values['fleet-queue'];
    if (values['fleet-name'] !== undefined) flags.fleetName = values['fleet-name'];
    if (values['fleet-prefix'] !== undefined) flags.fleetPrefix = values['fleet-prefix'];
    return { help: values.help === true, flags };
  } catch (error) {
    throw new DashError({ code: 'dash.invalid_options', message: error instanceof Error ? error.message : 'invalid arguments', hint: 'Run warden-dash --help.' });
  }
}
