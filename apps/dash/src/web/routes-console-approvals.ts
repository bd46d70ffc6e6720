import type { Hono } from 'hono';
import type { StoredApproval } from '@warden/protocol';
import { answerApproval, pendingApprovals } from '../console/approvals.js';
import { mayAct, type WebSession } from '../store/accounts.js';
import { consoleAccess, notConfigured } from './console-guard.js';
import type { DashContext, DashEnv, DashServices } from './context.js';
import { csrfOk, csrfRejected, readForm } from './guards.js';
import { html, type SafeHtml } from './html.js';
import { badge, csrfField, page } from './layout.js';

const NOTE_MAX = 2000;

function approvalRow(session: WebSession, a: StoredApproval): SafeHtml {
  const { request } = a;
  const p = request.decision.provenance;
  const canAnswer = mayAct(session.user, 'approver');
  return html`<tr data-approval="${request.id}" data-session="${request.sessionId ?? ''}"><td>${request.createdAt.slice(0, 19).replace('T', ' ')}</td><td><b>${request.call.name}</b><br><code>${JSON.stringify(request.call.args).slice(0, 400)}</code></td><td><code>${request.decision.rule}</code> ${badge(request.decision.effect)}<br><span class="muted">${request.decision.reason}</span>${p?.effectClass ? html`<br>effect class <code>${p.effectClass}</code>` : ''}${p?.taintSource ? html`<br>tainted by <code>${p.taintSource}</code>` : ''}${request.decision.requiresPerson ? html`<br><b>a person must answer</b>` : ''}</td><td>${request.requestedFor?.userId ?? '—'}${request.requestedFor?.tenantId ? html` / ${request.requestedFor.tenantId}` : ''}</td><td>${request.sessionId ? html`<a href="/runs/s0/${encodeURIComponent(request.sessionId)}">session</a>` : '—'} · step ${request.step}${request.expiresAt ? html`<br>expires ${request.expiresAt}` : ''}</td>
<td>${canAnswer ? html`<form method="post" action="/approvals/${encodeURIComponent(request.id)}" class="stack answer">${csrfField(session)}<label>Note<input name="note" maxlength="${NOTE_MAX}"></label><button type="submit" name="outcome" value="approved">Approve</button> <button type="submit" name="outcome" value="denied" class="danger">Deny</button></form>` : html`<span class="muted">approvers answer</span>`}</td></tr>`;
}

export function consoleApprovalRoutes(app: Hono<DashEnv>, services: DashServices): void {
  const show = async (c: DashContext, session: WebSession, flash?: SafeHtml, status: 200 | 400 | 404 | 409 = 200) => {
    const store = await services.console.approvals();
    if (!store) return notConfigured(c, session, 'Approvals', 'an approval store');
    const pending = await pendingApprovals(store);
    const table =
      pending.length === 0
        ? html`<p class="muted" id="no-approvals">No call is waiting for a person.</p>`
        : html`<table id="approvals"><thead><tr><th>Asked (UTC)</th><th>Call</th><th>Why it asks</th><th>For</th><th>Run</th><th>Answer</th></tr></thead><tbody>${pending.map((a) => approvalRow(session, a))}</tbody></table>`;
    return c.html(page({ title: 'Approvals', session, body: html`<h1>Approvals</h1>${flash ?? ''}<p class="muted">Pending calls in the durable approval store, oldest first. An answer is recorded with your email and note${services.console.fleet ? '; a parked fleet job resumes on a worker' : ''}.</p>${table}` }), status);
  };

  app.get('/approvals', async (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    return show(c, session);
  });

  app.post('/approvals/:id', async (c) => {
    const form = await readForm(c);
    const session = consoleAccess(c, 'approver');
    if (session instanceof Response) return session;
    if (!csrfOk(c, services, form, session)) return csrfRejected(c);
    const store = await services.console.approvals();
    if (!store) return notConfigured(c, session, 'Approvals', 'an approval store');
    const outcome = form.outcome === 'approved' || form.outcome === 'denied' ? form.outcome : undefined;
    if (!outcome) return show(c, session, html`<div class="flash error" role="alert">Choose Approve or Deny.</div>`, 400);
    const id = c.req.param('id');
    const current = await store.get(id);
    if (!current) return show(c, session, html`<div class="flash error" role="alert">No such approval.</div>`, 404);
    if (current.status !== 'pending') return show(c, session, html`<div class="flash error" role="alert">That approval was already answered (${current.status}).</div>`, 409);
    const note = (form.note ?? '').trim().slice(0, NOTE_MAX);
    const answered = await answerApproval(store, services.console.fleet, id, { outcome, by: session.user.email, ...(note ? { note } : {}) });
    const resumed = answered.resumer ? html` The fleet job resumes as <code>${answered.resumer}</code>.` : '';
    return show(c, session, html`<div class="flash ok" role="status" id="answered">${outcome === 'approved' ? 'Approved' : 'Denied'} <code>${current.request.call.name}</code>.${resumed}</div>`);
  });
}
