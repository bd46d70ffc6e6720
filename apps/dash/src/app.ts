import { createRedactor } from '@warden/governance';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import { hashPassword } from './auth/password.js';
import { randomSecret } from './auth/secrets.js';
import { createSignInLimiter } from './auth/sign-in-limiter.js';
import { createConsoleSources, type ConsoleSources } from './console/console-sources.js';
import type { DashDatabase } from './db/schema.js';
import { ingestRoutes } from './ingest/ingest-route.js';
import { createAccountStore } from './store/accounts.js';
import { createHistoryStore } from './store/history.js';
import { createProjectStore } from './store/projects.js';
import { createRunStore } from './store/runs.js';
import type { DashEnv, DashServices } from './web/context.js';
import { loadSession } from './web/guards.js';
import { createReportRenderer } from './web/report-frame.js';
import { accountRoutes } from './web/routes-account.js';
import { historyRoutes } from './web/routes-history.js';
import { projectRoutes } from './web/routes-project.js';
import { LIVE_SCRIPT } from './web/live.js';
import { consoleApprovalRoutes } from './web/routes-console-approvals.js';
import { consoleFleetRoutes } from './web/routes-console-fleet.js';
import { consoleRunRoutes } from './web/routes-console-runs.js';
import { consoleSpendRoutes } from './web/routes-console-spend.js';
import { runRoutes } from './web/routes-runs.js';
import { COMMON_HEADERS, PAGE_CSP } from './web/security-headers.js';
import { DASH_CSS } from './web/styles.js';

export interface DashAppOptions {
  db: Kysely<DashDatabase>;
  publicUrl: URL;
  secureCookies: boolean;
  maxReportBytes: number;
  signInAttempts: number;
  /** The console's stores and queue (see `createConsoleSources`); default none (the console pages say so). */
  console?: ConsoleSources;
  /** How often live pages re-read what they show (default 1000 ms). */
  liveIntervalMs?: number;
}

const FORM_LIMIT = 64 * 1024;

/** The dashboard as a Hono app (a fetch handler): the server wraps it, tests may too. */
export function createDashApp(options: DashAppOptions): Hono<DashEnv> {
  let dummy: Promise<string> | undefined;
  const secretRedactor = createRedactor();
  const services: DashServices = {
    accounts: createAccountStore(options.db),
    projects: createProjectStore(options.db),
    runs: createRunStore(options.db),
    history: createHistoryStore(options.db),
    renderer: createReportRenderer(),
    limiter: createSignInLimiter({ attempts: options.signInAttempts }),
    publicUrl: options.publicUrl,
    secureCookies: options.secureCookies,
    maxReportBytes: options.maxReportBytes,
    console: options.console ?? createConsoleSources({ sessions: [] }),
    liveIntervalMs: options.liveIntervalMs ?? 1000,
    // Governance's built-in secret formats; a report may come from any producer, redacted or not.
    redact: (text) => secretRedactor.redact(text),
    dummyHash: () => (dummy ??= hashPassword(randomSecret(18))),
  };
  const app = new Hono<DashEnv>();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(COMMON_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', PAGE_CSP);
    if (!c.res.headers.has('x-frame-options')) c.res.headers.set('x-frame-options', 'DENY');
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/assets/dash.css', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.body(DASH_CSS, 200, { 'content-type': 'text/css; charset=utf-8' });
  });

  app.get('/assets/live.js', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.body(LIVE_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
  });

  ingestRoutes(app, services);

  // Browser pages: small form bodies, and the session read once per request.
  app.use('*', async (c, next) => {
    if (c.req.method === 'POST') return bodyLimit({ maxSize: FORM_LIMIT, onError: (cc) => cc.text('Form too large.', 413) })(c, next);
    await next();
  });
  app.use('*', loadSession(services));
  accountRoutes(app, services);
  projectRoutes(app, services);
  runRoutes(app, services);
  historyRoutes(app, services);
  consoleRunRoutes(app, services);
  consoleApprovalRoutes(app, services);
  consoleSpendRoutes(app, services);
  consoleFleetRoutes(app, services);

  app.notFound((c) => c.text('Not found.', 404));
  app.onError((_error, c) => c.text('The dashboard hit an internal error; see its log.', 500));
  return app;
}
