import type { CaseReport, EvidenceReport, Iteration, ProbeReport } from './report-schema.js';
import { detailIteration, formatPath, ms, percent, prettyJson, STATUS_MARK, statusMark, humanNumber } from './view-model.js';

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
}

function fence(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text}\n${ticks}`;
}

function iterationDetail(it: Iteration, out: string[]): void {
  if (it.skipReason !== undefined) out.push(`Skipped: ${cell(it.skipReason)}`, '');
  if (it.error !== undefined) out.push(`**Error** (${cell(it.error.code ?? it.error.name)}): ${cell(it.error.message)}`, '');
  if (it.steps.length > 0) {
    out.push('| Step | Status |', '| --- | --- |', ...it.steps.map((s) => `| ${cell(s.name)} | ${cell(statusMark(s.status))} |`), '');
  }
  if (it.checks.length > 0) out.push(...it.checks.map((c) => `- [${c.passed ? 'x' : ' '}] ${cell(c.message)}${c.passed ? '' : ' **(failed)**'}`), '');
  if (it.thresholds.length > 0) {
    out.push('| Threshold | Value | Min | Max | Within |', '| --- | --- | --- | --- | --- |');
    out.push(...it.thresholds.map((t) => `| ${cell(t.name)} | ${humanNumber(t.value)} | ${t.min === undefined ? '' : humanNumber(t.min)} | ${t.max === undefined ? '' : humanNumber(t.max)} | ${t.passed ? 'yes' : '**no**'} |`), '');
  }
  for (const op of it.operations) {
    out.push(`**Operation ${cell(op.title)}** (${cell(op.kind)}: \`${cell(op.operation)}\`) — ${op.matches ? 'matches' : '**differs**'}${op.durationMs === undefined ? '' : `, ${ms(op.durationMs)}`}`, '');
    if (!op.matches) {
      out.push('Expected:', '', fence(prettyJson(op.expected).text, 'json'), '', 'Actual:', '', fence(prettyJson(op.actual).text, 'json'), '');
      out.push(...op.changes.slice(0, 50).map((c) => `- \`${cell(formatPath(c.path))}\` ${c.kind}${c.kind === 'changed' ? `: ${cell(JSON.stringify(c.from) ?? '')} → ${cell(JSON.stringify(c.to) ?? '')}` : ''}`), '');
    }
  }
  if (it.metrics.length > 0) out.push('| Metric | Value |', '| --- | --- |', ...it.metrics.map((m) => `| ${cell(m.name)} | ${humanNumber(m.value)} ${cell(m.unit)} |`), '');
  if (it.artifacts.length > 0) out.push(...it.artifacts.map((a) => `- Artifact [${cell(a.name)}](${encodeURI(a.file)}) (${a.bytes} bytes)`), '');
  for (const state of it.states) {
    out.push(`State ${cell(state.from)} → ${cell(state.to)}: ${state.changes.length} change(s)`, ...state.changes.slice(0, 20).map((c) => `- \`${cell(formatPath(c.path))}\` ${c.kind}`), '');
  }
}

function renderCase(c: CaseReport, out: string[]): void {
  out.push(`### ${STATUS_MARK[c.status]} \`${cell(c.id)}\` — ${cell(c.title)}`, '');
  const facts = [`pack ${cell(c.pack)}`, ...(c.tags.length > 0 ? [`tags ${c.tags.map(cell).join(', ')}`] : []), `runs ${c.runs}`];
  if (c.runs > 1) facts.push(`pass rate ${percent(c.passRate)} (gate ${percent(c.minPassRate)})`, `pass^${Object.keys(c.passHatK).length} ${percent(Object.values(c.passHatK).at(-1) ?? 0)}`);
  if (c.flaky) facts.push('**flaky**');
  out.push(facts.join(' · '), '');
  if (c.firstFailure !== undefined) out.push(`First failure: ${cell(c.firstFailure)}`, '');
  if (c.failuresByCheck.length > 1 || (c.runs > 1 && c.failuresByCheck.length > 0)) {
    out.push('| Failing check | Runs |', '| --- | --- |', ...c.failuresByCheck.map((f) => `| ${cell(f.check)} | ${f.count} |`), '');
  }
  if (c.latency.length > 0) {
    out.push('| Operation | n | p50 | p90 | p95 | p99 | max |', '| --- | --- | --- | --- | --- | --- | --- |');
    out.push(...c.latency.map((l) => `| ${cell(l.operation)} | ${l.count} | ${ms(l.p50)} | ${ms(l.p90)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} |`), '');
  }
  const detail = detailIteration(c);
  if (detail !== undefined) {
    if (c.runs > 1) out.push(`Details of run ${detail.index + 1}:`, '');
    iterationDetail(detail, out);
  }
}

function renderProbe(p: ProbeReport, out: string[]): void {
  out.push(`### ${STATUS_MARK[p.status]} \`${cell(p.id)}\` — ${cell(p.title)}`, '');
  out.push(`pack ${cell(p.pack)} · ${p.calls.length} call(s)${p.calls.some((c) => c.status !== 'ok') ? ` (${p.calls.filter((c) => c.status !== 'ok').length} failed)` : ''}`, '');
  if (p.error !== undefined) out.push(`**${cell(p.error.code)}**: ${cell(p.error.message)}`, '');
  out.push('| Assertion | Result | Detail |', '| --- | --- | --- |', ...p.assertions.map((a) => `| ${cell(a.name)} | ${a.status}${a.code === undefined ? '' : ` (${cell(a.code)})`} | ${cell(a.message)} |`), '');
  for (const call of p.calls.filter((c) => c.error !== undefined)) out.push(`- call ${call.index + 1}: ${call.status} — ${cell(call.error!.code)}: ${cell(call.error!.message)}`);
  out.push('');
}

/** report.md, rendered from report.json only. */
export function renderMarkdown(report: EvidenceReport): string {
  const s = report.summary;
  const out: string[] = [
    `# Evidence report ${report.runId}`,
    '',
    `**Result: ${s.exitCode === 0 ? 'PASSED' : 'FAILED'}** (exit code ${s.exitCode})${report.interrupted ? ' — interrupted' : ''}`,
    '',
    `Started ${report.startedAt}, took ${ms(report.durationMs)}. Schedule: ${report.schedule.mode}${report.schedule.repeat > 1 ? ` ×${report.schedule.repeat}` : ''}${report.environment.name === undefined ? '' : `, environment ${cell(report.environment.name)}`}${report.selectors.length > 0 ? `, selectors ${report.selectors.map((x) => `\`${cell(x)}\``).join(' ')}` : ''}.`,
    '',
    '| Cases | Passed | Failed | Flaky | Skipped | Error | Probes passed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${s.total} | ${s.passed} | ${s.failed} | ${s.flaky} | ${s.skipped} | ${s.error} | ${s.probes.passed}/${s.probes.total} |`,
    '',
  ];
  const packErrors = report.packs.filter((p) => p.status === 'error');
  if (packErrors.length > 0) out.push('## Packs that failed to load', '', ...packErrors.map((p) => `- \`${cell(p.source)}\`: ${cell(p.error?.message ?? 'error')}`), '');
  if (report.cases.length > 0) {
    out.push('## Cases', '');
    for (const c of report.cases) renderCase(c, out);
  }
  if (report.probes.length > 0) {
    out.push('## Probes', '');
    for (const p of report.probes) renderProbe(p, out);
  }
  if (report.finalization !== undefined) out.push(`Target finalization: ${report.finalization.ok ? 'ok' : '**failed**'} (cleanup ${report.finalization.cleanup.status}, close ${report.finalization.close.status})`, '');
  return out.join('\n');
}
