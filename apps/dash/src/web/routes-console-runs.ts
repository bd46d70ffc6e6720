import type { Hono } from 'hono';
import { sessionTimeline, type TimelineCall, type TimelineStep } from '@warden/eval';
import { describeSession, listConsoleRuns, type ConsoleRun } from '../console/run-index.js';
import { filterChoices, matchesRun, runFilterFrom } from '../console/run-filters.js';
import { consoleAccess, money, notConfigured } from './console-guard.js';
import type { DashEnv, DashServices } from './context.js';
import { html, type SafeHtml } from './html.js';
import { badge, page } from './layout.js';
import { LIVE_PAGE_CSP, liveStream } from './live.js';

const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function runLink(run: Pick<ConsoleRun, 'store' | 'id'>): string {
  return `/runs/${encodeURIComponent(run.store)}/${encodeURIComponent(run.id)}`;
}

function runsTable(runs: readonly ConsoleRun[]): SafeHtml {
  if (runs.length === 0) return html`<p class="muted" id="no-runs">No runs match.</p>`;
  return html`<table id="runs"><thead><tr><th>Updated (UTC)</th><th>Session</th><th>Status</th><th>Agent</th><th>Version</th><th>Model</th><th>Owner</th><th>Tenant</th><th class="num">Messages</th><th class="num">Cost</th><th>Tainted</th></tr></thead><tbody>${runs.map(
    (r) =>
      html`<tr data-session="${r.id}" data-status="${r.status}"><td>${r.updatedAt.slice(0, 19).replace('T', ' ')}</td><td><a href="${runLink(r)}">${r.title || r.id}</a></td><td>${badge(r.status)}</td><td>${r.agent}</td><td>${r.agentVersion ?? '—'}</td><td>${r.model ?? '—'}</td><td>${r.owner.userId ?? '—'}</td><td>${r.owner.tenantId ?? '—'}</td><td class="num">${r.messageCount}</td><td class="num">${money(r.costUsd)}</td><td>${r.tainted ? 'yes' : 'no'}</td></tr>`,
  )}</tbody></table>`;
}

function select(name: string, label: string, current: string | undefined, values: readonly string[]): SafeHtml {
  return html`<label>${label}<select name="${name}"><option value="">any</option>${values.map((v) => html`<option value="${v}"${v === current ? ' selected' : ''}>${v}</option>`)}</select></label>`;
}

function decisionBlock(call: TimelineCall): SafeHtml {
  const d = call.decision;
  const p = d?.provenance;
  const answer = call.approval?.answer;
  return html`<div class="call ${d?.effect ?? ''}" data-call="${call.id}" data-rule="${d?.rule ?? ''}"><b>${call.name}</b> <code>${cut(JSON.stringify(call.args), 300)}</code> ${d ? badge(d.effect) : ''}
<dl>${d ? html`<dt>Rule</dt><dd class="rule"><code>${d.rule}</code> — ${d.reason}</dd>` : html`<dt>Decision</dt><dd class="muted">not recorded</dd>`}
${p ? html`<dt>Provenance</dt><dd class="provenance">${p.effectClass ? html`effect class <code>${p.effectClass}</code> ` : ''}${p.effectPaths?.length ? html`paths <code>${p.effectPaths.join(', ')}</code> ` : ''}${p.taintSource ? html`tainted by <code>${p.taintSource}</code> (${p.taintReason ?? ''}) ` : ''}${p.scopeEntry ? html`scope <code>${p.scopeEntry}</code> ` : ''}${p.sandboxed !== undefined ? html`sandboxed: ${p.sandboxed ? 'yes' : 'no'}` : ''}</dd>` : d ? html`<dt>Provenance</dt><dd class="provenance muted">none recorded</dd>` : ''}
${call.approval ? html`<dt>Approval</dt><dd class="approval">${answer ? html`${badge(answer.outcome)} by ${answer.by ?? 'unknown'}${answer.automatic ? ' (automatic)' : ''}${answer.note ? html` — “${answer.note}”` : ''}` : html`${badge('pending')} <a href="/approvals">in the queue</a>`}</dd>` : ''}
${call.result ? html`<dt>Result</dt><dd>${call.result.isError ? badge('error') : ''}<pre class="text">${cut(call.result.text, 2000)}</pre></dd>` : html`<dt>Result</dt><dd class="muted">none recorded</dd>`}</dl></div>`;
}

function stepBlock(step: TimelineStep): SafeHtml {
  return html`<section class="step" id="step-${step.step}">${step.task !== undefined ? html`<p class="muted">Task: ${cut(step.task, 1000)}</p>` : ''}<h3>Step ${step.step} <span class="muted">${step.at ?? ''}</span>${step.spend ? html` <span class="muted step-spend">· ${step.spend.calls} call${step.spend.calls === 1 ? '' : 's'} · ${step.spend.usage.inputTokens} in / ${step.spend.usage.outputTokens} out tokens · ${money(step.spend.costUsd)}</span>` : ''}</h3>${step.text ? html`<pre class="text">${cut(step.text, 4000)}</pre>` : ''}${step.calls.map(decisionBlock)}
${(step.notes ?? []).map((n) => html`<p class="note muted">${n.kind}: <code>${n.key}</code> <code>${cut(JSON.stringify(n.value), 300)}</code></p>`)}
${(step.runs ?? []).map((r) => html`<p class="run-end" data-stop="${r.stopReason}">Run <code>${r.runId}</code> ended: ${badge(r.stopReason)} · ${r.provider ?? ''}/${r.model ?? ''}${r.agent ? html` · agent ${r.agent}` : ''}${r.agentVersion ? html` v${r.agentVersion}` : ''} · ${r.usage ? html`${r.usage.inputTokens} in / ${r.usage.outputTokens} out tokens · ` : ''}${money(r.costUsd ?? 0)}</p>`)}</section>`;
}

export function consoleRunRoutes(app: Hono<DashEnv>, services: DashServices): void {
  const sources = services.console;

  const listFragment = async (query: Record<string, string>): Promise<{ table: SafeHtml; all: ConsoleRun[] }> => {
    const all = await listConsoleRuns(await sources.sessions());
    const filter = runFilterFrom(query);
    return { table: runsTable(all.filter((r) => matchesRun(r, filter))), all };
  };

  app.get('/runs', async (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    if (!sources.configured) return notConfigured(c, session, 'Runs', 'session stores');
    const query = c.req.query();
    const { table, all } = await listFragment(query);
    const choices = filterChoices(all);
    const form = html`<form method="get" action="/runs" class="inline" id="run-filters">${select('agent', 'Agent', query.agent, choices.agent)}${select('version', 'Version', query.version, choices.version)}${select('owner', 'Owner', query.owner, choices.owner)}${select('tenant', 'Tenant', query.tenant, choices.tenant)}${select('status', 'Status / stop reason', query.status, choices.status)}${select('model', 'Model', query.model, choices.model)}<label>From<input type="date" name="from" value="${query.from ?? ''}"></label><label>To<input type="date" name="to" value="${query.to ?? ''}"></label><label>Cost at least ($)<input name="minCost" inputmode="decimal" size="6" value="${query.minCost ?? ''}"></label>${select('tainted', 'Tainted', query.tainted, ['yes', 'no'])}<button type="submit">Filter</button> <a href="/runs">clear</a></form>`;
    const live = `/runs/live?${new URLSearchParams(query).toString()}`;
    c.header('content-security-policy', LIVE_PAGE_CSP);
    return c.html(page({ title: 'Runs', session, live: true, body: html`<h1>Runs</h1><p class="muted">Every session in ${(await sources.sessions()).map((s) => html`<code>${s.label}</code> `)}— updates while you watch.</p>${form}<div id="live" data-live="${live}">${table}</div>` }));
  });

  app.get('/runs/live', (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    const query = c.req.query();
    return liveStream(c, async () => (await listFragment(query)).table.value, services.liveIntervalMs);
  });

  const timelineFragment = async (storeKey: string, id: string): Promise<{ body: SafeHtml; run: ConsoleRun } | undefined> => {
    const source = (await sources.sessions()).find((s) => s.key === storeKey);
    if (!source) return undefined;
    const summary = (await source.store.list({ limit: 1000 })).find((s) => s.id === id);
    if (!summary) return undefined;
    const loaded = await source.store.load(id, summary.owner);
    const timeline = sessionTimeline(loaded.records);
    const run = describeSession(source.key, summary, loaded, timeline);
    const stats = html`<div class="stats"><div><b>${badge(run.status)}</b>status</div><div><b>${timeline.steps.length}</b>steps</div><div><b>${timeline.runs?.length ?? 0}</b>runs</div><div><b>${money(run.costUsd)}</b>spend</div><div><b>${run.tainted ? 'yes' : 'no'}</b>tainted</div></div>`;
    const body = html`${stats}<p class="muted">Owner ${run.owner.userId ?? '—'} · tenant ${run.owner.tenantId ?? '—'} · agent ${run.agent}${run.agentVersion ? html` v${run.agentVersion}` : ''} · model ${run.model ?? '—'} · created ${run.createdAt}${timeline.fork ? html` · forked from <code>${timeline.fork.parent}</code> at step ${timeline.fork.step}` : ''}</p><div id="timeline">${timeline.steps.map(stepBlock)}</div>`;
    return { body, run };
  };

  app.get('/runs/:store/:id', async (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    const fragment = await timelineFragment(c.req.param('store'), c.req.param('id'));
    if (!fragment) return c.html(page({ title: 'Not found', session, body: html`<h1>Not found</h1><p>No such session in the configured stores.</p>` }), 404);
    c.header('content-security-policy', LIVE_PAGE_CSP);
    const live = `${runLink({ store: c.req.param('store'), id: c.req.param('id') })}/live`;
    return c.html(page({ title: `Run ${fragment.run.title || fragment.run.id}`, session, live: true, body: html`<h1>Session <code>${fragment.run.id}</code></h1><p>${fragment.run.title}</p><div id="live" data-live="${live}">${fragment.body}</div>` }));
  });

  app.get('/runs/:store/:id/live', (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    const { store, id } = c.req.param();
    return liveStream(c, async () => (await timelineFragment(store, id))?.body.value ?? '', services.liveIntervalMs);
  });
}
