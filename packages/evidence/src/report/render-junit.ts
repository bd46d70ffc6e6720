import type { CaseReport, EvidenceReport, ProbeReport } from './report-schema.js';
import { percent } from './view-model.js';

// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xml(text: string): string {
  return text.replace(INVALID_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function caseTime(c: CaseReport): number {
  return c.iterations.reduce((sum, it) => sum + it.durationMs, 0);
}

function runLines(c: CaseReport): string[] {
  return c.iterations.map((it) => `run ${it.index + 1}: ${it.status}${it.firstFailure === undefined ? '' : ` — ${it.firstFailure}`}${it.skipReason === undefined ? '' : ` — skipped: ${it.skipReason}`}`);
}

function testcase(c: CaseReport, failOnFlaky: boolean): string {
  const classname = `${c.pack}.${c.group ?? c.id.split(':')[0] ?? c.pack}`;
  const props = [
    ['runs', String(c.runs)],
    ['passRate', c.runs === 0 ? '0' : c.passRate.toFixed(4)],
    ['flaky', String(c.flaky)],
    ['tags', c.tags.join(',')],
  ];
  const body: string[] = [`      <properties>${props.map(([n, v]) => `<property name="${xml(n!)}" value="${xml(v!)}"/>`).join('')}</properties>`];
  const failing = c.iterations.filter((it) => it.status === 'failed' || it.status === 'error');
  const failed = c.status === 'failed' || (c.status === 'flaky' && failOnFlaky);
  if (failed) {
    const headline = c.firstFailure ?? 'case failed';
    const prefix = c.runs > 1 ? `${failing.length}/${c.runs} runs failed (pass rate ${percent(c.passRate)}, gate ${percent(c.minPassRate)}); first: ` : '';
    const detail = failing.map((it) => `run ${it.index + 1}: ${it.firstFailure ?? it.status}`).join('\n');
    body.push(`      <failure message="${xml(prefix + headline)}" type="${c.status === 'flaky' ? 'flaky' : 'check'}">${xml(detail)}</failure>`);
  } else if (c.status === 'error') {
    const it = failing[0];
    body.push(`      <error message="${xml(c.firstFailure ?? 'case errored')}" type="${xml(it?.error?.code ?? 'error')}">${xml(failing.map((f) => `run ${f.index + 1}: ${f.firstFailure ?? 'error'}`).join('\n'))}</error>`);
  } else if (c.status === 'skipped') {
    const reason = c.iterations.find((it) => it.skipReason !== undefined)?.skipReason ?? (c.runs === 0 ? 'not run (interrupted)' : 'skipped');
    body.push(`      <skipped message="${xml(reason)}"/>`);
  }
  body.push(`      <system-out>${xml(runLines(c).join('\n'))}</system-out>`);
  return `    <testcase name="${xml(c.id)}" classname="${xml(classname)}" time="${seconds(caseTime(c))}">\n${body.join('\n')}\n    </testcase>`;
}

function probecase(p: ProbeReport): string {
  const body: string[] = [];
  const bad = p.assertions.filter((a) => a.status !== 'pass');
  const callErrors = p.calls.filter((c) => c.error !== undefined).map((c) => `call ${c.index + 1}: ${c.status} ${c.error!.code}`);
  if (p.status === 'failed') {
    const first = bad.find((a) => a.status === 'fail') ?? bad[0];
    body.push(`      <failure message="${xml(first === undefined ? 'probe failed' : `${first.name}: ${first.message}`)}" type="assertion">${xml([...bad.map((a) => `${a.name}: ${a.status} — ${a.message}`), ...callErrors].join('\n'))}</failure>`);
  } else if (p.status === 'error') {
    const first = bad[0];
    const message = p.error !== undefined ? `${p.error.code}: ${p.error.message}` : first === undefined ? 'probe errored' : `${first.name}: ${first.message}`;
    body.push(`      <error message="${xml(message)}" type="${xml(p.error?.code ?? first?.code ?? 'error')}">${xml([...bad.map((a) => `${a.name}: ${a.status} — ${a.message}`), ...callErrors].join('\n'))}</error>`);
  }
  const time = p.calls.reduce((sum, c) => sum + c.durationMs, 0);
  return `    <testcase name="${xml(p.id)}" classname="${xml(`${p.pack}.probes`)}" time="${seconds(time)}">${body.length > 0 ? `\n${body.join('\n')}\n    ` : ''}</testcase>`;
}

function suite(name: string, cases: string[], counts: { tests: number; failures: number; errors: number; skipped: number; time: number }, timestamp: string): string {
  return `  <testsuite name="${xml(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(counts.time)}" timestamp="${xml(timestamp)}">\n${cases.join('\n')}\n  </testsuite>`;
}

/**
 * junit.xml, rendered from report.json only: one testsuite per pack, one
 * testcase per case (its repeats or soak runs are listed inside it), each
 * failure naming the check or assertion that failed.
 */
export function renderJunit(report: EvidenceReport): string {
  const failOnFlaky = report.schedule.failOnFlaky;
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  const add = (counts: typeof totals): void => {
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
  };
  const packs = [...new Set([...report.cases.map((c) => c.pack), ...report.probes.map((p) => p.pack)])];
  for (const pack of packs) {
    const cases = report.cases.filter((c) => c.pack === pack);
    const probes = report.probes.filter((p) => p.pack === pack);
    const counts = {
      tests: cases.length + probes.length,
      failures: cases.filter((c) => c.status === 'failed' || (c.status === 'flaky' && failOnFlaky)).length + probes.filter((p) => p.status === 'failed').length,
      errors: cases.filter((c) => c.status === 'error').length + probes.filter((p) => p.status === 'error').length,
      skipped: cases.filter((c) => c.status === 'skipped').length,
      time: cases.reduce((sum, c) => sum + caseTime(c), 0) + probes.reduce((sum, p) => sum + p.calls.reduce((s, c) => s + c.durationMs, 0), 0),
    };
    add(counts);
    suites.push(suite(pack, [...cases.map((c) => testcase(c, failOnFlaky)), ...probes.map(probecase)], counts, report.startedAt));
  }
  const packErrors = report.packs.filter((p) => p.status === 'error');
  if (packErrors.length > 0) {
    const counts = { tests: packErrors.length, failures: 0, errors: packErrors.length, skipped: 0, time: 0 };
    add(counts);
    const rows = packErrors.map((p) => `    <testcase name="${xml(p.source)}" classname="packs.load" time="0">\n      <error message="${xml(p.error?.message ?? 'pack failed to load')}" type="${xml(p.error?.code ?? 'evidence.pack_load_failed')}"/>\n    </testcase>`);
    suites.push(suite('packs', rows, counts, report.startedAt));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`warden evidence ${report.runId}`)}" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(report.durationMs)}" timestamp="${xml(report.startedAt)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
