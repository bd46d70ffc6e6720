// @warden/evidence: validation of an evidence object at the limits (≈65,536 nodes,
// ≤ 256 KiB), report generation for a 1,000-case run, and soak overhead per iteration.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figure, notMeasured, single } from '../lib/figure.mjs';
import { timeMs } from '../lib/timing.mjs';

/** The largest `tool_calls` evidence object of small items that validateEvidence still accepts. */
function evidenceAtTheLimit(ev) {
  const make = (n) => ({ tool_calls: Array.from({ length: n }, (_, i) => ({ n: 'add_number', a: [i % 10, 1, 2] })), interaction_count: n });
  let lo = 1;
  let hi = 40000;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ev.validateEvidence(make(mid)).ok) lo = mid;
    else hi = mid - 1;
  }
  const value = make(lo);
  return { value, result: ev.validateEvidence(value) };
}

export async function runEvidenceSuite({ quick, log }) {
  let ev;
  try {
    const [main, validation, report] = await Promise.all([import('@warden/evidence'), import('@warden/evidence/validation'), import('@warden/evidence/report')]);
    ev = { ...main, ...validation, ...report };
  } catch (error) {
    const reason = `@warden/evidence could not be imported: ${String(error.message).slice(0, 160)}`;
    return { raw: {}, figures: [notMeasured('evidence.validate', 'validation', 'ms', reason), notMeasured('evidence.report_1000', 'report', 'ms', reason)] };
  }
  const figures = [];
  const { value, result } = evidenceAtTheLimit(ev);
  const runs = [];
  const cpu = [];
  for (let i = 0; i < 5; i += 1) ev.validateEvidence(value);
  for (let i = 0; i < (quick ? 10 : 30); i += 1) {
    const t = await timeMs(() => ev.validateEvidence(value));
    runs.push(t.ms);
    cpu.push(t.cpuMs);
  }
  const what = `validateEvidence of ${result.nodes} nodes / ${(result.bytes / 1024).toFixed(0)} KiB (largest accepted)`;
  figures.push(figure('evidence.validate', `${what}, wall clock`, 'ms', runs, { group: 'evidence', nodes: result.nodes, bytes: result.bytes }));
  figures.push(figure('evidence.validate_cpu', `${what}, CPU time`, 'ms', cpu, { group: 'evidence' }));
  log('evidence: validation done');

  const out = mkdtempSync(path.join(tmpdir(), 'warden-bench-evidence-'));
  try {
    const cases = quick ? 200 : 1000;
    const pack = ev.definePack({
      name: 'bench',
      cases: Array.from({ length: cases }, (_, i) =>
        ev.defineCase({ id: `bench:case-${i}`, title: `Case ${i}`, tags: ['bench'], schedules: ['once', 'soak'] }, async (ctx) => {
          ctx.operation('add', { kind: 'function', operation: 'add', expected: i + 1, actual: i + 1 });
          ctx.check(true, 'adds');
        }),
      ),
    });
    const redact = (t) => t;
    const run = await timeMs(() => ev.runChecks({ packs: [pack], outDir: out, redact, schedule: { mode: 'once' } }));
    if (run.value.report.cases?.length !== undefined && run.value.report.cases.length !== cases) throw new Error(`report has ${run.value.report.cases.length} cases`);
    figures.push(single(`evidence.run_${cases}`, `runChecks of ${cases} trivial cases, report files written (whole run)`, 'ms', run.ms, { group: 'evidence' }));
    const renders = [];
    for (let i = 0; i < 3; i += 1) renders.push((await timeMs(() => ev.renderReport(run.value.report))).ms);
    figures.push(figure(`evidence.report_${cases}`, `renderReport of a ${cases}-case run (JSON, Markdown, JUnit, HTML; schema-validated)`, 'ms', renders, { group: 'evidence' }));
    log('evidence: report done');

    const iterations = quick ? 200 : 1000;
    const one = ev.definePack({ name: 'soak', cases: [ev.defineCase({ id: 'soak:noop', title: 'No-op', schedules: ['soak'] }, async (ctx) => ctx.check(true, 'ok'))] });
    const soak = await timeMs(() => ev.runChecks({ packs: [one], outDir: out, redact, schedule: { mode: 'soak', iterations, pauseMs: 0 } }));
    figures.push(single('evidence.soak_overhead', `soak of a no-op case: whole run / ${iterations} iterations (report included)`, 'ms/iteration', soak.ms / iterations, { group: 'evidence' }));
    log('evidence: soak done');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return { raw: {}, figures };
}
