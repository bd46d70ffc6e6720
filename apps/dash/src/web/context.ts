import type { Context } from 'hono';
import type { SignInLimiter } from '../auth/sign-in-limiter.js';
import type { ConsoleSources } from '../console/console-sources.js';
import type { AccountStore, WebSession } from '../store/accounts.js';
import type { HistoryStore } from '../store/history.js';
import type { ProjectStore } from '../store/projects.js';
import type { RunStore } from '../store/runs.js';
import type { ReportRenderer } from './report-frame.js';

/** Everything a route needs, built once per app and passed in (no module-level state). */
export interface DashServices {
  accounts: AccountStore;
  projects: ProjectStore;
  runs: RunStore;
  history: HistoryStore;
  renderer: ReportRenderer;
  limiter: SignInLimiter;
  /** The origin people reach the dashboard at; forms must come from it. */
  publicUrl: URL;
  secureCookies: boolean;
  maxReportBytes: number;
  /** Every string of a pushed report passes it before anything is stored (issue 45: no known secret at rest). */
  redact: (text: string) => string;
  /** The operations console's stores (sessions, approvals) and fleet queue. */
  console: ConsoleSources;
  /** How often live pages re-read what they show. */
  liveIntervalMs: number;
  /** A hash compared against when an email is unknown, so both paths cost one scrypt. */
  dummyHash: () => Promise<string>;
}

export interface DashEnv {
  Variables: { session: WebSession | undefined };
}

export type DashContext = Context<DashEnv>;

export function sessionCookieName(services: DashServices): string {
  return services.secureCookies ? '__Host-warden_dash' : 'warden_dash';
}

export function anonCsrfCookieName(services: DashServices): string {
  return services.secureCookies ? '__Host-warden_dash_csrf' : 'warden_dash_csrf';
}

export function runUrl(services: DashServices, slug: string, runId: string): string {
  return new URL(`/p/${encodeURIComponent(slug)}/runs/${encodeURIComponent(runId)}`, services.publicUrl).toString();
}

export function pushUrl(services: DashServices, slug: string): string {
  return new URL(`/api/projects/${encodeURIComponent(slug)}/runs`, services.publicUrl).toString();
}
