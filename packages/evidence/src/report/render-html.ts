import type { EvidenceReport } from './report-schema.js';
import { esc } from './html-escape.js';
import { REPORT_CSS, REPORT_JS } from './html-assets.js';
import { caseHtml, probeHtml } from './html-case.js';
import { ms } from './view-model.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * report.html, rendered from report.json only: self-contained (inline CSS and
 * script, inline SVG charts) and a Content-Security-Policy that forbids any
 * network request.
 */
export function renderHtml(report: EvidenceReport): string {
  const s = report.summary;
  const ok = s.exitCode === 0;
  const tags = [...new Set([...report.cases.flatMap((c) => c.tags), ...report.probes.flatMap((p) => p.tags)])].sort();
  const counts: Array<[string, number | string]> = [
    ['cases', s.total],
    ['passed', s.passed],
    ['failed', s.failed],
    ['flaky', s.flaky],
    ['skipped', s.skipped],
    ['error', s.error],
  ];
  if (s.probes.total > 0) counts.push(['probes passed', `${s.probes.passed}/${s.probes.total}`]);
  const packErrors = report.packs.filter((p) => p.status === 'error');
  const meta = [
    `started ${esc(report.startedAt)}`,
    `took ${ms(report.durationMs)}`,
    `schedule ${esc(report.schedule.mode)}${report.schedule.repeat > 1 ? ` ×${report.schedule.repeat}` : ''}`,
    ...(report.environment.name === undefined ? [] : [`environment ${esc(report.environment.name)}`]),
    ...(report.selectors.length > 0 ? [`selectors ${report.selectors.map((x) => `<code>${esc(x)}</code>`).join(' ')}`] : []),
    ...(report.interrupted ? ['<b>interrupted</b>'] : []),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">
<title>Evidence ${esc(report.runId)} — ${ok ? 'passed' : 'failed'}</title><style>${REPORT_CSS}</style></head>
<body><header id="summary"><h1>Evidence report <code>${esc(report.runId)}</code> <span class="verdict ${ok ? 'ok' : 'bad'}" id="verdict">${ok ? 'PASSED' : 'FAILED'}</span></h1>
<div class="meta">${meta.join(' · ')}</div>
<div class="counts">${counts.map(([label, n]) => `<div><b>${esc(n)}</b>${esc(label)}</div>`).join('')}</div></header>
<main><div class="filters"><label><input type="checkbox" id="failed-only"> Failed only</label><label>Tag <select id="tag-filter"><option value="">all</option>${tags.map((t) => `<option value="${esc(t)}">${esc(t)}</option>`).join('')}</select></label><span class="meta"><span id="shown-count">${report.cases.length + report.probes.length}</span> shown</span></div>
${packErrors.length > 0 ? `<section id="pack-errors"><h2>Packs that failed to load</h2><ul>${packErrors.map((p) => `<li class="err"><code>${esc(p.source)}</code>: ${esc(p.error?.message ?? 'error')}</li>`).join('')}</ul></section>` : ''}
${report.cases.length > 0 ? `<section id="cases"><h2>Cases</h2>${report.cases.map(caseHtml).join('\n')}</section>` : ''}
${report.probes.length > 0 ? `<section id="probes"><h2>Probes</h2>${report.probes.map(probeHtml).join('\n')}</section>` : ''}
${report.finalization === undefined ? '' : `<p class="${report.finalization.ok ? 'meta' : 'err'}">Target finalization: ${report.finalization.ok ? 'ok' : 'failed'} (cleanup ${esc(report.finalization.cleanup.status)}, close ${esc(report.finalization.close.status)})</p>`}
</main><script>${REPORT_JS}</script></body></html>
`;
}
