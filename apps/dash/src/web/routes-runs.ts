import type { Hono } from 'hono';
import { EvidenceReport } from '@warden/evidence/report';
import type { RunFilters, RunSummary } from '../store/runs.js';
import type { DashEnv, DashServices } from './context.js';
import { html } from './html.js';
import { badge, page } from './layout.js';
import { projectFor } from './routes-project.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
}

function filtersFrom(query: Record<string, string>): RunFilters {
  const filters: RunFilters = {};
  if (query.pack) filters.pack = query.pack;
  if (query.case) filters.caseId = query.case;
  if (query.status) filters.status = query.status;
  if (query.env) filters.environment = query.env;
  if (query.from && DATE.test(query.from)) filters.from = `${query.from}T00:00:00.000Z`;
  if (query.to && DATE.test(query.to)) filters.to = nextDay(query.to);
  return filters;
}

function runRow(slug: string, r: RunSummary) {
  return html`<tr data-run="${r.run_id}"><td>${r.started_at.slice(0, 19).replace('T', ' ')}</td><td><a href="/p/${slug}/runs/${encodeURIComponent(r.run_id)}">${r.run_id}</a></td><td>${badge(r.verdict)}</td><td class="num">${r.total}</td><td class="num">${r.passed}</td><td class="num">${r.failed}</td><td class="num">${r.flaky}</td><td>${r.environment ?? '—'}</td><td>${r.mode}</td><td>${r.packs}</td><td class="num">${formatMs(r.duration_ms)}</td></tr>`;
}

function select(name: string, label: string, current: string | undefined, values: readonly string[]) {
  return html`<label>${label}<select name="${name}"><option value="">any</option>${values.map((v) => html`<option value="${v}"${v === current ? ' selected' : ''}>${v}</option>`)}</select></label>`;
}

export function runRoutes(app: Hono<DashEnv>, services: DashServices): void {
  app.get('/p/:slug', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const query = c.req.query();
    const runs = await services.runs.list(project.id, filtersFrom(query));
    const values = await services.runs.filterValues(project.id);
    const form = html`<form method="get" action="/p/${project.slug}" class="inline" id="filters">${select('pack', 'Pack', query.pack, values.packs)}${select('case', 'Case', query.case, values.cases)}${select('status', 'Status', query.status, ['passed', 'failed', 'flaky'])}${select('env', 'Environment', query.env, values.environments)}<label>From<input type="date" name="from" value="${query.from ?? ''}"></label><label>To<input type="date" name="to" value="${query.to ?? ''}"></label><button type="submit">Filter</button> <a href="/p/${project.slug}">clear</a></form>`;
    const table =
      runs.length === 0
        ? html`<p class="muted" id="no-runs">No runs${Object.keys(query).length > 0 ? ' match these filters' : ' yet — connect the CLI and push one'}.</p>`
        : html`<table id="runs"><thead><tr><th>Started (UTC)</th><th>Run</th><th>Verdict</th><th class="num">Cases</th><th class="num">Passed</th><th class="num">Failed</th><th class="num">Flaky</th><th>Environment</th><th>Mode</th><th>Packs</th><th class="num">Took</th></tr></thead><tbody>${runs.map((r) => runRow(project.slug, r))}</tbody></table>`;
    return c.html(page({ title: 'Runs', session, project, tab: 'runs', body: html`<h1>Runs</h1>${form}${table}<p class="muted">Branch and commit are not part of the report format yet, so runs cannot be filtered by them.</p>` }));
  });

  app.get('/p/:slug/runs/:runId', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const run = await services.runs.get(project.id, c.req.param('runId'));
    if (!run) return c.html(page({ title: 'Not found', session, project, body: html`<h1>Not found</h1><p>No such run in this project.</p>` }), 404);
    const base = `/p/${project.slug}/runs/${encodeURIComponent(run.run_id)}`;
    const body = html`<h1>Run <code>${run.run_id}</code> ${badge(run.verdict)}</h1>
<div class="stats"><div><b>${run.total}</b>cases</div><div><b>${run.passed}</b>passed</div><div><b>${run.failed}</b>failed</div><div><b>${run.flaky}</b>flaky</div><div><b>${run.probes}</b>probes</div><div><b>${formatMs(run.duration_ms)}</b>took</div></div>
<p class="muted">Started ${run.started_at} · received ${run.received_at} · ${run.environment ? html`environment <code>${run.environment}</code> · ` : ''}${run.mode} · <a href="${base}/report.json">report.json</a> · <a href="${base}/report" target="_blank" rel="noopener">open the report alone</a></p>
<iframe class="report" id="report" title="Evidence report" sandbox="allow-scripts" src="${base}/report"></iframe>`;
    return c.html(page({ title: `Run ${run.run_id}`, session, project, tab: 'runs', body }));
  });

  app.get('/p/:slug/runs/:runId/report', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const run = await services.runs.get(access.project.id, c.req.param('runId'));
    if (!run) return c.text('No such run in this project.', 404);
    const report = EvidenceReport.parse(JSON.parse(run.report));
    c.header('content-security-policy', services.renderer.csp);
    c.header('x-frame-options', 'SAMEORIGIN');
    c.header('cache-control', 'private, no-store');
    return c.html(services.renderer.render(report));
  });

  app.get('/p/:slug/runs/:runId/report.json', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const run = await services.runs.get(access.project.id, c.req.param('runId'));
    if (!run) return c.text('No such run in this project.', 404);
    c.header('content-disposition', `attachment; filename="report-${run.run_id}.json"`);
    c.header('content-security-policy', "sandbox; default-src 'none'");
    c.header('cache-control', 'private, no-store');
    return c.body(run.report, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
}
