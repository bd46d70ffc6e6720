import type { Hono } from 'hono';
import type { SpendRow } from '@warden/harness';
import { consoleSpend } from '../console/spend.js';
import { barChart } from './charts.js';
import { consoleAccess, money, notConfigured } from './console-guard.js';
import type { DashEnv, DashServices } from './context.js';
import { html, type SafeHtml } from './html.js';
import { page } from './layout.js';

/** A row's cost as `warden report` words it: unpriced calls are never $0. */
function cost(row: SpendRow): string {
  if (row.unknownCostCalls === 0) return money(row.costUsd);
  if (row.unknownCostCalls >= row.calls && row.costUsd === 0) return 'unpriced';
  return `${money(row.costUsd)} + ${row.unknownCostCalls} unpriced`;
}

function section(id: string, title: string, rows: readonly SpendRow[]): SafeHtml {
  const priced = rows.some((r) => r.costUsd > 0);
  const chart = barChart({ id: `chart-${id}`, title: `${title} (${priced ? 'cost' : 'tokens'})`, bars: rows.map((r) => ({ label: r.key, value: priced ? r.costUsd : r.usage.inputTokens + r.usage.outputTokens })), format: priced ? money : (v) => `${v} tokens` });
  return html`<h2>${title}</h2>${chart}<table id="spend-${id}"><thead><tr><th>${title.replace(/^By /, '')}</th><th class="num">Runs</th><th class="num">Calls</th><th class="num">Input tokens</th><th class="num">Output tokens</th><th class="num">Cache hits</th><th class="num">Cost</th></tr></thead><tbody>${rows.map(
    (r) => html`<tr data-key="${r.key}" data-runs="${r.runs}" data-calls="${r.calls}" data-input="${r.usage.inputTokens}" data-output="${r.usage.outputTokens}" data-cost="${r.costUsd}"><td>${r.key}</td><td class="num">${r.runs}</td><td class="num">${r.calls}</td><td class="num">${r.usage.inputTokens}</td><td class="num">${r.usage.outputTokens}</td><td class="num">${Math.round(r.cacheHitRate * 100)}%</td><td class="num">${cost(r)}</td></tr>`,
  )}</tbody></table>`;
}

export function consoleSpendRoutes(app: Hono<DashEnv>, services: DashServices): void {
  app.get('/spend', async (c) => {
    const session = consoleAccess(c);
    if (session instanceof Response) return session;
    if (!services.console.configured) return notConfigured(c, session, 'Spend', 'session stores');
    const spend = await consoleSpend(await services.console.sessions());
    const { report } = spend;
    const t = report.totals;
    const body = html`<h1>Spend</h1><p class="muted">The figures of <code>warden report</code> over the configured stores (default prices; a model without a price is “unpriced”, never $0).</p>
<div class="stats" id="spend-totals" data-runs="${t.runs}" data-calls="${t.calls}" data-input="${t.usage.inputTokens}" data-output="${t.usage.outputTokens}" data-cost="${t.costUsd}"><div><b>${t.runs}</b>runs</div><div><b>${t.calls}</b>model calls</div><div><b>${t.usage.inputTokens} / ${t.usage.outputTokens}</b>tokens in / out</div><div><b>${cost(t)}</b>cost</div><div><b>${report.peakConcurrency}</b>peak concurrent runs</div></div>
${report.unknownModels.length > 0 ? html`<p class="muted">No price for: ${report.unknownModels.join(', ')}.</p>` : ''}
${section('agent', 'By agent', report.by.agent)}${section('version', 'By agent version', spend.byVersion)}${section('model', 'By model', report.by.model)}${section('owner', 'By owner', report.by.owner)}${section('day', 'By day', spend.byDay)}`;
    return c.html(page({ title: 'Spend', session, body }));
  });
}
