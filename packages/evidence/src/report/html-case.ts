import type { CaseReport, Iteration, ProbeReport } from './report-schema.js';
import { esc } from './html-escape.js';
import { latencyChart, passRateChart } from './html-charts.js';
import { lineDiff } from './text-diff.js';
import { detailIteration, formatPath, ms, percent, prettyJson, STATUS_MARK, statusMark, humanNumber } from './view-model.js';

/** Rows of a side-by-side diff: runs of removed and added lines are paired on the same rows. */
function diffRows(lines: ReturnType<typeof lineDiff>): Array<{ left?: string; right?: string; changed: boolean }> {
  const rows: Array<{ left?: string; right?: string; changed: boolean }> = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.kind === 'same') {
      rows.push({ left: line.text, right: line.text, changed: false });
      i++;
      continue;
    }
    const dels: string[] = [];
    const ins: string[] = [];
    while (i < lines.length && lines[i]!.kind !== 'same') {
      (lines[i]!.kind === 'del' ? dels : ins).push(lines[i]!.text);
      i++;
    }
    for (let k = 0; k < Math.max(dels.length, ins.length); k++) rows.push({ ...(k < dels.length ? { left: dels[k]! } : {}), ...(k < ins.length ? { right: ins[k]! } : {}), changed: true });
  }
  return rows;
}

function sideBySide(expected: unknown, actual: unknown): string {
  const left = prettyJson(expected);
  const right = prettyJson(actual);
  const rows = diffRows(lineDiff(left.text, right.text));
  const col = (side: 'left' | 'right', mark: 'del' | 'ins'): string =>
    rows.map((row) => {
      const text = row[side];
      if (text === undefined) return '<span class="pad">.</span>';
      return row.changed ? `<span class="${mark}">${esc(text)}</span>` : esc(text);
    }).join('\n');
  const note = (t: boolean): string => (t ? '\n<span class="meta">… truncated; see report.json</span>' : '');
  return `<div class="ops"><div><b>Expected</b><pre class="expected">${col('left', 'del')}${note(left.truncated)}</pre></div><div><b>Actual</b><pre class="actual">${col('right', 'ins')}${note(right.truncated)}</pre></div></div>`;
}

function changeList(changes: Iteration['operations'][number]['changes']): string {
  if (changes.length === 0) return '';
  const items = changes.slice(0, 30).map((c) => {
    const detail = c.kind === 'changed' ? `${esc(prettyJson(c.from, 200).text)} → ${esc(prettyJson(c.to, 200).text)}` : esc(prettyJson(c.value, 200).text);
    return `<li><code>${esc(formatPath(c.path))}</code> ${c.kind}: ${detail}</li>`;
  });
  return `<ul class="diffs">${items.join('')}${changes.length > 30 ? `<li>… ${changes.length - 30} more</li>` : ''}</ul>`;
}

function iterationHtml(it: Iteration): string {
  const parts: string[] = [];
  if (it.skipReason !== undefined) parts.push(`<p>Skipped: ${esc(it.skipReason)}</p>`);
  if (it.error !== undefined) parts.push(`<p class="err">Error ${esc(it.error.code ?? it.error.name)}: ${esc(it.error.message)}</p>`);
  if (it.steps.length > 0) parts.push(`<table><tr><th>Step</th><th>Status</th></tr>${it.steps.map((s) => `<tr><td>${esc(s.name)}</td><td><span class="badge b-${/^[a-z]{1,20}$/.test(s.status) ? s.status : 'other'}">${esc(statusMark(s.status))}</span></td></tr>`).join('')}</table>`);
  if (it.checks.length > 0) parts.push(`<ul class="checks">${it.checks.map((c) => `<li class="${c.passed ? 'check-pass' : 'check-fail'}">${esc(c.message)}</li>`).join('')}</ul>`);
  if (it.thresholds.length > 0) {
    parts.push(`<table><tr><th>Threshold</th><th>Value</th><th>Min</th><th>Max</th><th></th></tr>${it.thresholds.map((t) => `<tr><td>${esc(t.name)}</td><td title="${t.value}">${humanNumber(t.value)}</td><td>${t.min === undefined ? '' : humanNumber(t.min)}</td><td>${t.max === undefined ? '' : humanNumber(t.max)}</td><td class="${t.passed ? 'check-pass' : 'check-fail'}">${t.passed ? 'within' : 'outside'}</td></tr>`).join('')}</table>`);
  }
  for (const op of it.operations) {
    parts.push(`<h4 class="op">${esc(op.title)} <span class="meta">${esc(op.kind)}: <code>${esc(op.operation)}</code>${op.durationMs === undefined ? '' : ` · ${ms(op.durationMs)}`}</span> <span class="badge ${op.matches ? 'b-pass' : 'b-fail'}">${op.matches ? 'matches' : 'differs'}</span></h4>`);
    if (op.matches) {
      const value = prettyJson(op.actual, 1500);
      parts.push(`<pre class="preview">${esc(value.text)}${value.truncated ? '\n… truncated; see report.json' : ''}</pre>`);
    } else {
      parts.push(sideBySide(op.expected, op.actual), changeList(op.changes));
    }
  }
  if (it.metrics.length > 0) parts.push(`<table><tr><th>Metric</th><th>Value</th></tr>${it.metrics.map((m) => `<tr><td>${esc(m.name)}</td><td title="${m.value}">${humanNumber(m.value)} ${esc(m.unit)}</td></tr>`).join('')}</table>`);
  for (const a of it.artifacts) {
    parts.push(`<p>Artifact <a href="${esc(encodeURI(a.file))}">${esc(a.name)}</a> <span class="meta">${a.bytes} bytes</span></p>${a.preview === undefined ? '' : `<pre class="preview">${esc(a.preview.slice(0, 600))}</pre>`}`);
  }
  for (const s of it.states) parts.push(`<p>State <b>${esc(s.from)}</b> → <b>${esc(s.to)}</b></p>${changeList(s.changes)}`);
  if (it.logs.length > 0) parts.push(`<details><summary>Log (${it.logs.length})</summary><pre class="preview">${esc(it.logs.slice(0, 100).map((l) => l.message).join('\n'))}</pre></details>`);
  return parts.join('\n');
}

function isBad(status: string, flaky: boolean): boolean {
  return status === 'failed' || status === 'error' || flaky;
}

export function caseHtml(c: CaseReport): string {
  const bad = isBad(c.status, c.flaky);
  const detail = detailIteration(c);
  const facts = [`pack ${esc(c.pack)}`, `${c.runs} run${c.runs === 1 ? '' : 's'}`];
  if (c.runs > 1) facts.push(`pass rate ${percent(c.passRate)} (gate ${percent(c.minPassRate)})`, ...Object.entries(c.passHatK).filter(([k]) => k === '1' || Number(k) === Object.keys(c.passHatK).length).map(([k, v]) => `pass^${k} ${percent(v)}`));
  const body: string[] = [`<p class="meta">${facts.join(' · ')}</p>`];
  if (c.firstFailure !== undefined) body.push(`<p class="err">First failure: ${esc(c.firstFailure)}</p>`);
  if (c.runs > 1 && c.failuresByCheck.length > 0) body.push(`<table><tr><th>Failing check</th><th>Runs</th></tr>${c.failuresByCheck.map((f) => `<tr><td>${esc(f.check)}</td><td>${f.count}</td></tr>`).join('')}</table>`);
  if (c.latency.length > 0) {
    body.push(`<table><tr><th>Operation</th><th>n</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>max</th></tr>${c.latency.map((l) => `<tr><td>${esc(l.operation)}</td><td>${l.count}</td><td>${ms(l.p50)}</td><td>${ms(l.p90)}</td><td>${ms(l.p95)}</td><td>${ms(l.p99)}</td><td>${ms(l.max)}</td></tr>`).join('')}</table>`);
  }
  body.push(passRateChart(c), latencyChart(c));
  if (detail !== undefined) body.push(c.runs > 1 ? `<h4>Run ${detail.index + 1}</h4>` : '', iterationHtml(detail));
  const tags = c.tags.map((t) => `<span class="tag">${esc(t)}</span>`).join('');
  return `<article class="case s-${c.status}" data-status="${c.status}" data-bad="${bad ? 1 : 0}" data-tags="${esc(c.tags.join(' '))}" id="case-${esc(c.id)}"><details${bad ? ' open' : ''}><summary><span class="badge">${STATUS_MARK[c.status]}</span><code>${esc(c.id)}</code> ${esc(c.title)}${tags}</summary><div>${body.join('\n')}</div></details></article>`;
}

export function probeHtml(p: ProbeReport): string {
  const bad = p.status !== 'passed';
  const rows = p.assertions.map((a) => `<tr><td>${esc(a.name)}</td><td><span class="badge b-${a.status}">${esc(a.status)}</span>${a.code === undefined ? '' : ` <code>${esc(a.code)}</code>`}</td><td>${esc(a.message)}</td></tr>`).join('');
  const calls = p.calls.map((c) => `<li>call ${c.index + 1}: ${esc(c.status)}${c.error === undefined ? '' : ` — <code>${esc(c.error.code)}</code> ${esc(c.error.message)}`}</li>`).join('');
  const evidence = prettyJson(p.evidence, 3000);
  const tags = p.tags.map((t) => `<span class="tag">${esc(t)}</span>`).join('');
  return `<article class="probe s-${p.status}" data-status="${p.status}" data-bad="${bad ? 1 : 0}" data-tags="${esc(p.tags.join(' '))}"><details${bad ? ' open' : ''}><summary><span class="badge">${STATUS_MARK[p.status]}</span><code>${esc(p.id)}</code> ${esc(p.title)}${tags}</summary><div>${p.error === undefined ? '' : `<p class="check-fail"><code>${esc(p.error.code)}</code> ${esc(p.error.message)}</p>`}<table><tr><th>Assertion</th><th>Result</th><th>Detail</th></tr>${rows}</table><ul>${calls}</ul><details><summary>Evidence</summary><pre class="preview">${esc(evidence.text)}${evidence.truncated ? '\n… truncated; see report.json' : ''}</pre></details></div></details></article>`;
}
