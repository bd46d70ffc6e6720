import { renderTimelineHtml, TIMELINE_CSS, type RunTimeline } from '@warden/evidence';
import { CONTAINMENT_CSS, renderReportSection, type ContainmentReport } from '@warden/pack-containment';

// No network at all: the page inlines its style and has no script.
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
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
${input.containment ? renderReportSection(input.containment, { title: 'Containment: warden:containment v2 against the same harness' }) : ''}
</main></body></html>
`;
}
