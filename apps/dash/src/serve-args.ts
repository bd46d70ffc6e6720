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
    return { help: values.help === true, flags };
  } catch (error) {
    throw new DashError({ code: 'dash.invalid_options', message: error instanceof Error ? error.message : 'invalid arguments', hint: 'Run warden-dash --help.' });
  }
}
