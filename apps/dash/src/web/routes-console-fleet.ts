import type { Hono } from 'hono';
import { retry, status, type FleetJobStatus } from '@warden/fleet';
import { WardenError } from '@warden/protocol';
import { consoleAccess, money, notConfigured } from './console-guard.js';
import type { DashContext, DashEnv, DashServices } from './context.js';
import { csrfOk, csrfRejected, readForm } from './guards.js';
import { html, type SafeHtml } from './html.js';
import { badge, csrfField, page } from './layout.js';
import { LIVE_PAGE_CSP, liveStream } from './live.js';
import type { WebSession } from '../store/accounts.js';

const JOB_LIMIT = 200;
const STATES = ['waiting', 'active', 'delayed', 'parked', 'completed', 'failed'] as const;

/** `fleet.interrupted_tool: …` → the code, for the failures column. */
function failureCode(reason: string | undefined): string | undefined {
  return reason === undefined ? undefined : (/^([a-z_]+\.[a-z_]+)/.exec(reason)?.[1] ?? 'error');
}

function fleetFragment(session: WebSession, jobs: readonly FleetJobStatus[]): SafeHtml {
  const counts = STATES.map((s) => [s, jobs.filter((j) => j.state === s).length] as const);
  const workers = [...new Set(jobs.filter((j) => j.state === 'active').map((j) => j.worker ?? j.progress?.worker).filter((w): w is string => typeof w === 'string'))];
  const admin = session.user.role === 'admin';
  const rows = jobs.map((j) => {
    const code = failureCode(j.failedReason);
    const retryable = j.state === 'failed' || j.state === 'parked';
    return html`<tr data-job="${j.id}" data-state="${j.state}"><td><code>${j.id}</code></td><td>${badge(j.state)}</td><td>${j.sessionId ? html`<a href="/runs/s0/${encodeURIComponent(j.sessionId)}">${j.sessionId.slice(0, 8)}</a>` : '—'}</td><td class="num">${j.attemptsStarted}</td><td>${j.worker ?? '—'}</td><td>${j.result?.stopReason ?? ''}${j.result ? html` · ${money(j.result.costUsd)}` : ''}</td><td>${code ? html`<code class="failure">${code}</code> <span class="muted">${j.failedReason}</span>` : ''}</td>
<td>${admin && retryable ? html`<form method="post" action="/fleet/${encodeURIComponent(j.id)}/retry">${csrfField(session)}<button type="submit" class="danger">Retry, accepting interrupted calls</button></form>` : ''}</td></tr>`;
  });
  return html`<div class="stats" id="job-states">${counts.map(([s, n]) => html`<div data-state="${s}"><b>${n}</b>${s}</div>`)}<div><b>${workers.length}</b>busy workers</div></div>
${workers.length > 0 ? html`<p class="muted">Busy: ${workers.map((w) => html`<code>${w}</code> `)}</p>` : ''}
${jobs.length === 0 ? html`<p class="muted" id="no-jobs">The queue holds no job.</p>` : html`<table id="jobs"><thead><tr><th>Job</th><th>State</th><th>Session</th><th class="num">Attempts</th><th>Worker</th><th>Result</th><th>Failure</th><th></th></tr></thead><tbody>${rows}</tbody></table>`}`;
}

export function consoleFleetRoutes(app: Hono<DashEnv>, services: DashServices): void {
  const fleet = services.console.fleet;
  const show = async (c: DashContext, session: WebSession, flash?: SafeHtml, code: 200 | 400 | 409 = 200) => {
    if (!fleet) return notConfigured(c, session, 'Fleet', 'a fleet queue');
    const jobs = await status(undefined, { ...fleet, limit: JOB_LIMIT });
    c.header('content-security-policy', LIVE_PAGE_CSP);
    return c.html(page({ title: 'Fleet', session, live: true, body: html`<h1>Fleet</h1>${flash ?? ''}<p class="muted">Queue <code>${fleet.queue ?? 'warden'}</code> — the newest ${JOB_LIMIT} jobs; updates while you watch.</p><div id="live" data-live="/fleet/live">${fleetFragment(session, jobs)}</div>` }), code);
  };

  app.get('/fleet', async (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    return show(c, session);
  });

  app.get('/fleet/live', (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    if (!fleet) return c.text('No fleet queue configured.', 404);
    return liveStream(c, async () => fleetFragment(session, await status(undefined, { ...fleet, limit: JOB_LIMIT })).value, services.liveIntervalMs);
  });

  // Guarded: an administrator, a session, the CSRF token, our own origin.
  app.post('/fleet/:id/retry', async (c) => {
    const form = await readForm(c);
    const session = consoleAccess(c, 'admin');
    if (session instanceof Response) return session;
    if (!csrfOk(c, services, form, session)) return csrfRejected(c);
    if (!fleet) return notConfigured(c, session, 'Fleet', 'a fleet queue');
    const id = c.req.param('id');
    try {
      await retry(id, { ...fleet, acceptInterrupted: true });
    } catch (error) {
      if (WardenError.isInstance(error)) return show(c, session, html`<div class="flash error" role="alert"><code>${error.code}</code> ${error.message}</div>`, 409);
      throw error;
    }
    return show(c, session, html`<div class="flash ok" role="status" id="retried">Job <code>${id}</code> queued again; interrupted calls are handed to the model as interrupted.</div>`);
  });
}
