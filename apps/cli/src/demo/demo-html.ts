import { renderTimelineHtml, TIMELINE_CSS, type RunTimeline } from '@warden/evidence/report';
import { CONTAINMENT_CSS, headlineRows, type ContainmentReport, type HeadlineRow } from '@warden/pack-containment';

// No network at all: the page inlines its style and has no script.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const COLUMNS: Array<[keyof HeadlineRow, string]> = [
  ['profile', 'profile'],
  ['utility', 'utility'],
  ['utilityVsUngoverned', 'vs ungoverned'],
  ['utilityUnderAttack', 'utility under attack'],
  ['attackSuccess', 'attack success (95% upper bound)'],
  ['contained', 'contained'],
  ['asksPerTask', 'approvals per benign task'],
];

/**
 * The containment phase as HTML: the headline table, and where the full report is. The rest of
 * the report is Markdown (containment.md, beside this page); it is not pasted in as raw text.
 */
function containmentSection(report: ContainmentReport): string {
  const head = COLUMNS.map(([, title]) => `<th scope="col">${escapeHtml(title)}</th>`).join('');
  const body = headlineRows(report)
    .map((row) => `<tr>${COLUMNS.map(([key]) => `<td>${escapeHtml(row[key])}</td>`).join('')}</tr>`)
    .join('\n');
  return `<section id="containment" aria-labelledby="containment-title"><h2 id="containment-title">Containment: warden:containment v2 against the same harness</h2>
<table id="headline"><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table>
<p id="containment-more">The full report — per attack class and per untrusted source, and how any attack got through — is in <code>containment.html</code> and <code>containment.md</code> beside this page.</p></section>`;
}

/**
 * The demo's report page: the run that just happened first (its timeline and the audit
 * trail's verification), then the containment table when that phase ran.
 */
export function renderDemoHtml(input: { timeline: RunTimeline; workdir: string; containment?: ContainmentReport }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">
<title>warden demo</title><style>${CONTAINMENT_CSS}${TIMELINE_CSS}</style></head>
<body><header><h1>warden demo</h1><p>A scripted model worked in <code>${escapeHtml(input.workdir)}</code> under the real gate (safe mode), tools, session store and audit trail. Everything below is read back from that run.</p></header>
<main>
${renderTimelineHtml(input.timeline, { title: 'What the run did' })}
${input.containment ? containmentSection(input.containment) : ''}
</main></body></html>
`;
}
