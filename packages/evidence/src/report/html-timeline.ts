import { esc } from './html-escape.js';
import type { RunTimeline, TimelineAudit, TimelineEntry, TimelineSession } from './run-timeline.js';

/** Inline CSS for the timeline (no external resources); meaning never rests on colour alone, every entry has a text label. */
export const TIMELINE_CSS = `
.timeline{list-style:none;margin:8px 0;padding:0;border-left:3px solid #d0d7de}
.timeline>li{margin:0 0 8px;padding:4px 10px;position:relative}
.timeline .tl-label{display:inline-block;min-width:8.5em;font-weight:600}
.timeline pre{margin:4px 0 0;white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px;padding:6px;max-height:280px;overflow:auto}
.timeline .tl-step{color:#57606a;font-size:12px}
.tl-deny,.tl-denied,.tl-bad{border-left:4px solid #cf222e;margin-left:-3px;background:#ffebe9}
.tl-ask,.tl-approved{border-left:4px solid #9a6700;margin-left:-3px}
.tl-allow{border-left:4px solid #1a7f37;margin-left:-3px}
.audit-ok{color:#1a7f37;font-weight:600}.audit-bad{color:#cf222e;font-weight:600}
`;

const DECISION_LABEL = { allow: 'Gate: allowed', deny: 'Gate: denied', ask: 'Gate: asks a person' } as const;
const APPROVAL_LABEL = { approved: 'Approved', denied: 'Not approved', pending: 'Approval pending' } as const;

function step(n: number): string {
  return `<span class="tl-step">step ${n}</span>`;
}

function args(value: unknown): string {
  return esc(JSON.stringify(value, null, 2) ?? '');
}

function entryHtml(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'run_start':
      return `<li class="tl tl-run_start" data-kind="run_start"><span class="tl-label">Task</span> ${esc(entry.task)} <span class="tl-step">model <code>${esc(entry.provider)}/${esc(entry.model)}</code>${entry.sessionId ? `, session <code>${esc(entry.sessionId)}</code>` : ''}</span></li>`;
    case 'model_turn':
      return `<li class="tl tl-model_turn" data-kind="model_turn"><span class="tl-label">Model</span> ${step(entry.step)}<p>${esc(entry.text)}</p></li>`;
    case 'tool_call':
      return `<li class="tl tl-tool_call" data-kind="tool_call" data-call="${esc(entry.callId)}"><span class="tl-label">Tool call</span> <code>${esc(entry.name)}</code> ${step(entry.step)}<pre aria-label="arguments">${args(entry.args)}</pre></li>`;
    case 'gate_decision':
      return `<li class="tl tl-gate_decision tl-${entry.effect}" data-kind="gate_decision" data-effect="${entry.effect}" data-call="${esc(entry.callId)}"><span class="tl-label">${DECISION_LABEL[entry.effect]}</span> <code>${esc(entry.name)}</code> by rule <code class="tl-rule">${esc(entry.rule)}</code>: <span class="tl-reason">${esc(entry.reason)}</span></li>`;
    case 'approval': {
      const who = entry.by ? ` by ${esc(entry.by)}` : '';
      return `<li class="tl tl-approval tl-${entry.outcome}" data-kind="approval" data-outcome="${entry.outcome}" data-call="${esc(entry.callId)}"><span class="tl-label">${APPROVAL_LABEL[entry.outcome]}</span> <code>${esc(entry.name)}</code>${who}${entry.automatic ? ' (automatic approver, not a person)' : ''}</li>`;
    }
    case 'tool_result': {
      const bad = entry.status !== 'ok';
      return `<li class="tl tl-tool_result${bad ? ' tl-bad' : ''}" data-kind="tool_result" data-status="${esc(entry.status)}" data-call="${esc(entry.callId)}"><span class="tl-label">Result: ${esc(entry.status)}</span> <code>${esc(entry.name)}</code> <span class="tl-step">${Math.round(entry.durationMs)} ms</span>${entry.text === '' ? '' : `<pre aria-label="output">${esc(entry.text)}</pre>`}</li>`;
    }
    case 'run_end':
      return `<li class="tl tl-run_end${entry.stopReason === 'done' ? '' : ' tl-bad'}" data-kind="run_end"><span class="tl-label">Run ended</span> <strong>${esc(entry.stopReason)}</strong> after ${entry.steps} step${entry.steps === 1 ? '' : 's'}</li>`;
  }
}

function counts(entries: readonly TimelineEntry[]): string {
  const n = (kind: TimelineEntry['kind']): number => entries.filter((e) => e.kind === kind).length;
  const denied = entries.filter((e) => e.kind === 'gate_decision' && e.effect === 'deny').length + entries.filter((e) => e.kind === 'approval' && e.outcome !== 'approved').length;
  const approved = entries.filter((e) => e.kind === 'approval' && e.outcome === 'approved').length;
  const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${plural(n('model_turn'), 'model turn')} · ${plural(n('tool_call'), 'tool call')} · ${denied} refused · ${approved} approved`;
}

function auditHtml(audit: TimelineAudit | undefined): string {
  if (audit === undefined) return '<section id="audit-verification" aria-labelledby="audit-title"><h2 id="audit-title">Audit trail</h2><p>No audit trail was written for this run.</p></section>';
  const verdict = audit.ok
    ? `<p class="audit-ok" data-audit-ok="true">Hash chain verified: intact, ${audit.entries} entries${audit.signaturesChecked ? ', signatures checked' : ''}.</p>`
    : `<p class="audit-bad" data-audit-ok="false">Hash chain verification FAILED after ${audit.entries} good entries${audit.brokenAt === undefined ? '' : ` (line ${audit.brokenAt})`}: ${esc(audit.problem ?? 'unknown problem')}.</p>`;
  return `<section id="audit-verification" aria-labelledby="audit-title"><h2 id="audit-title">Audit trail</h2>${verdict}</section>`;
}

function sessionHtml(session: TimelineSession | undefined): string {
  if (session === undefined) return '';
  return `<p class="tl-session">Session <code>${esc(session.id)}</code>: ${session.records} records read back from the ${esc(session.store)} store.</p>`;
}

/**
 * The run as HTML sections (timeline, then session and audit verification) to place
 * in a page that inlines TIMELINE_CSS. Every string from the run is escaped: tool
 * arguments and outputs are model- and world-controlled.
 */
export function renderTimelineHtml(timeline: RunTimeline, meta: { title?: string } = {}): string {
  return `<section id="run-timeline" aria-labelledby="run-timeline-title"><h2 id="run-timeline-title">${esc(meta.title ?? 'What the run did')}</h2>
<p class="tl-summary">${counts(timeline.entries)}</p>
<ol class="timeline">
${timeline.entries.map(entryHtml).join('\n')}
</ol>${sessionHtml(timeline.session)}</section>
${auditHtml(timeline.audit)}`;
}
