import type { Hono } from 'hono';
import { CONTAINMENT_METRICS, isFlaky, type MetricPoint } from '../store/history.js';
import { lineChart } from './charts.js';
import type { DashEnv, DashServices } from './context.js';
import { html } from './html.js';
import { badge, page } from './layout.js';
import { projectFor } from './routes-project.js';
import { formatMs } from './routes-runs.js';

const pct = (v: number): string => `${Math.round(v * 100)}%`;
const day = (iso: string): string => iso.slice(0, 16).replace('T', ' ');

export function historyRoutes(app: Hono<DashEnv>, services: DashServices): void {
  app.get('/p/:slug/cases', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const cases = await services.history.overview(project.id);
    const body =
      cases.length === 0
        ? html`<h1>Cases</h1><p class="muted">No results yet.</p>`
        : html`<h1>Cases</h1><p class="muted">Flaky cases first: flagged flaky in a run, or passing in some runs and failing in others.</p><table id="cases"><thead><tr><th>Case</th><th>Title</th><th>Pack</th><th class="num">Runs</th><th class="num">Pass rate</th><th>Flaky</th><th>Last</th></tr></thead><tbody>${cases.map(
            (k) =>
              html`<tr data-case="${k.caseId}"><td><a href="/p/${project.slug}/case?id=${encodeURIComponent(k.caseId)}">${k.caseId}</a>${k.kind === 'probe' ? html` <span class="muted">probe</span>` : ''}</td><td>${k.title}</td><td>${k.pack}</td><td class="num">${k.runs}</td><td class="num">${pct(k.passRate)}</td><td>${k.flaky ? badge('flaky') : '—'}</td><td>${badge(k.lastStatus)} <span class="muted">${day(k.lastAt)}</span></td></tr>`,
          )}</tbody></table>`;
    return c.html(page({ title: 'Cases', session, project, tab: 'cases', body }));
  });

  app.get('/p/:slug/case', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const caseId = c.req.query('id') ?? '';
    const points = await services.history.caseHistory(project.id, caseId);
    if (points.length === 0) return c.html(page({ title: 'Not found', session, project, tab: 'cases', body: html`<h1>Not found</h1><p>No results for this case in this project.</p>` }), 404);
    const labels = points.map((p) => day(p.startedAt));
    const flaky = isFlaky(points);
    const latest = points[points.length - 1]!;
    const iterations = points.reduce((n, p) => n + p.iterations, 0);
    const passed = points.reduce((n, p) => n + p.passed, 0);
    const flips = points.slice(1).filter((p, i) => (p.status === 'passed') !== (points[i]!.status === 'passed')).length;
    const body = html`<h1>Case <code>${caseId}</code> ${flaky ? html`<span class="badge flaky" id="flaky-badge">flaky</span>` : badge(latest.status)}</h1>
<div class="stats"><div><b>${points.length}</b>runs</div><div><b id="overall-pass-rate">${pct(iterations === 0 ? 0 : passed / iterations)}</b>pass rate</div><div><b>${flips}</b>outcome flips</div><div><b>${latest.p50 === null ? '—' : formatMs(latest.p50)}</b>latest p50</div><div><b>${latest.p95 === null ? '—' : formatMs(latest.p95)}</b>latest p95</div><div><b>${latest.p99 === null ? '—' : formatMs(latest.p99)}</b>latest p99</div></div>
<h2>Pass rate over time</h2>${lineChart({ id: 'pass-rate-chart', title: 'Pass rate per run', labels, series: [{ name: 'pass rate', values: points.map((p) => p.passRate) }], yMax: 1, format: pct })}
<h2>Latency percentiles (iteration duration)</h2>${lineChart({
      id: 'latency-chart',
      title: 'Iteration duration percentiles per run',
      labels,
      series: [
        { name: 'p50', values: points.map((p) => p.p50) },
        { name: 'p95', values: points.map((p) => p.p95) },
        { name: 'p99', values: points.map((p) => p.p99) },
      ],
      format: (v) => formatMs(v),
    })}
<h2>Runs</h2><table id="case-history"><thead><tr><th>Started (UTC)</th><th>Run</th><th>Status</th><th class="num">Iterations</th><th class="num">Pass rate</th><th class="num">p50</th><th class="num">p95</th><th class="num">p99</th><th>Environment</th></tr></thead><tbody>${[...points].reverse().map(
      (p) =>
        html`<tr><td>${day(p.startedAt)}</td><td><a href="/p/${project.slug}/runs/${encodeURIComponent(p.runId)}">${p.runId}</a></td><td>${badge(p.status)}${p.flaky && p.status !== 'flaky' ? html` ${badge('flaky')}` : ''}</td><td class="num">${p.iterations}</td><td class="num">${pct(p.passRate)}</td><td class="num">${p.p50 === null ? '—' : formatMs(p.p50)}</td><td class="num">${p.p95 === null ? '—' : formatMs(p.p95)}</td><td class="num">${p.p99 === null ? '—' : formatMs(p.p99)}</td><td>${p.environment ?? '—'}</td></tr>`,
    )}</tbody></table>`;
    return c.html(page({ title: `Case ${caseId}`, session, project, tab: 'cases', body }));
  });

  app.get('/p/:slug/containment', async (c) => {
    const access = await projectFor(c, services);
    if (access instanceof Response) return access;
    const { session, project } = access;
    const points = await services.history.metrics(project.id, CONTAINMENT_METRICS);
    const byCase = new Map<string, MetricPoint[]>();
    for (const p of points) byCase.set(p.caseId, [...(byCase.get(p.caseId) ?? []), p]);
    const sections = [...byCase].map(([caseId, list]) => {
      const runs = [...new Set(list.map((p) => p.runId))];
      const at = new Map(list.map((p) => [`${p.runId}|${p.name}`, p.value]));
      const started = new Map(list.map((p) => [p.runId, p.startedAt]));
      const series = CONTAINMENT_METRICS.map((name) => ({ name: name.replace(/_/g, ' '), values: runs.map((r) => at.get(`${r}|${name}`) ?? null) }));
      return html`<h2><code>${caseId}</code></h2>${lineChart({ title: `Containment figures of ${caseId}`, labels: runs.map((r) => day(started.get(r) ?? '')), series, yMax: 1, format: pct })}
<table class="containment"><thead><tr><th>Run</th>${CONTAINMENT_METRICS.map((m) => html`<th class="num">${m.replace(/_/g, ' ')}</th>`)}</tr></thead><tbody>${[...runs].reverse().map(
        (r) => html`<tr><td><a href="/p/${project.slug}/runs/${encodeURIComponent(r)}">${r}</a></td>${CONTAINMENT_METRICS.map((m) => html`<td class="num">${at.has(`${r}|${m}`) ? pct(at.get(`${r}|${m}`)!) : '—'}</td>`)}</tr>`,
      )}</tbody></table>`;
    });
    const body = html`<h1>Containment</h1><p class="muted">Attack success (lower is better) and utility with and without attacks, as recorded by the containment pack's metrics (<code>attack_success_rate</code>, <code>utility_under_attack</code>, <code>benign_utility</code>).</p>${
      sections.length === 0 ? html`<p class="muted" id="no-containment">No run of this project recorded containment figures yet.</p>` : sections
    }`;
    return c.html(page({ title: 'Containment', session, project, tab: 'containment', body }));
  });
}
