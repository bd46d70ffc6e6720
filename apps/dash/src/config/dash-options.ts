import { z } from 'zod';
import { DashError } from '../errors/dash-error.js';

/** What `warden dash serve` / `warden-dash serve` accept. Strict: an unknown key is an error that names it. */
export const DashOptions = z.strictObject({
  /** Where the SQLite file lives (default `./.warden/dash`). Ignored when databaseUrl is set. */
  dataDir: z.string().min(1).default('.warden/dash'),
  /** `postgres://…` to keep everything in PostgreSQL instead of SQLite. */
  databaseUrl: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL').optional(),
  /** The PostgreSQL schema to use (created if missing). */
  pgSchema: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/).default('public'),
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8787),
  /** The URL people and the CLI reach the dashboard at (behind a proxy: the proxy's https URL). */
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** Largest report body accepted, in bytes (default 16 MiB). */
  maxReportBytes: z.coerce.number().int().positive().max(512 * 1024 * 1024).default(16 * 1024 * 1024),
  /** Serve a non-loopback plain-http public URL (cookies then lose the Secure flag). Off by default. */
  allowInsecureHttp: z.boolean().default(false),
  /** Failed sign-ins allowed per email and per client address in a 15-minute window. */
  signInAttempts: z.coerce.number().int().positive().max(1000).default(5),
  /** Session stores the console's Runs, Approvals and Spend pages read (`sqlite:…`, `postgres://…`, `redis://…`, a JSONL directory). */
  sessions: z.array(z.string().min(1)).default([]),
  /** The durable approval store (default: the one beside the first session store). */
  approvals: z.string().min(1).optional(),
  /** The fleet's BullMQ queue the Fleet page reads (and resumes parked jobs on after an approval). */
  fleet: z.strictObject({ connection: z.string().regex(/^rediss?:\/\//, 'a redis:// URL'), queue: z.string().min(1).optional(), prefix: z.string().min(1).optional() }).optional(),
  /** How often a live page (run, runs, fleet) re-reads its stores while someone watches it. */
  liveIntervalMs: z.coerce.number().int().min(100).max(60_000).default(1000),
});
export type DashOptionsInput = z.input<typeof DashOptions>;
export type ResolvedDashOptions = z.output<typeof DashOptions>;

export function parseDashOptions(input: unknown): ResolvedDashOptions {
  const parsed = DashOptions.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || '(root)';
  throw new DashError({
    code: 'dash.invalid_options',
    message: issue?.code === 'unrecognized_keys' ? `Unknown dashboard option: ${issue.keys.join(', ')}.` : `Invalid dashboard option "${where}": ${issue?.message ?? 'invalid value'}.`,
    hint: 'See `warden dash serve --help` and apps/dash/README.md for the options.',
  });
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname) || /^127\./.test(hostname);
}
