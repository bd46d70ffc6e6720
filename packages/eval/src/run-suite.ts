import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineCase, definePack, runChecks, type RunProgress } from '@warden/evidence';
import type { EvidenceReport, Redactor, ReportFiles } from '@warden/evidence/report';
import type { RunEvent } from '@warden/protocol';
import { RESULTS_VERSION, type EvalResults, type TaskResult } from './eval-results.js';
import type { GoldenTask } from './golden-task.js';
import type { Suite } from './load-suite.js';
import { observeRun, type RunObservation } from './run-observation.js';
import { taskChecks } from './task-checks.js';

/** Anything that streams a run's events for a task: a harness, a blueprint-built harness, core's agent. */
export interface EvalAgent {
  stream(task: string, options?: { signal?: AbortSignal }): AsyncIterable<RunEvent>;
}

/** The agent under test, or a function giving one per run (a fresh agent for every run). */
export type EvalTarget = EvalAgent | ((run: { task: GoldenTask; index: number }) => EvalAgent | Promise<EvalAgent>);

export interface RunSuiteOptions {
  agent: EvalTarget;
  /** Runs per task (default 1). With k > 1 each task gets pass^k and a flaky status, and comparisons test significance. */
  repeat?: number;
  /** A name for these results (`v2`, a commit); defaults to the agent version the runs report. */
  label?: string;
  /** The agent's name, kept in the results. */
  agentName?: string;
  /** A task is `flaky` rather than `failed` when its pass rate is at least this (default 1: any failed run fails it). */
  minPassRate?: number;
  /** Where evidence writes `<runId>/report.{json,md,html}` and `junit.xml` (default: the system's temporary folder). */
  outDir?: string;
  /** Every string of the report passes through it (the harness already redacts its events; the CLI hands governance's redactor). */
  redact?: Redactor;
  /** Per-run timeout (default 60 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (event: RunProgress) => void;
}

export interface SuiteRun {
  results: EvalResults;
  /** Evidence's report of the same runs (one case per task, its repeats inside it). */
  report: EvidenceReport;
  dir: string;
  files: ReportFiles;
}

const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/**
 * Runs every task of the suite `repeat` times through evidence's runner (one case per task, so
 * repeats, pass rate, pass^k, flaky status and the JSON/Markdown/JUnit/HTML reports are evidence's),
 * and folds the report into results that a later run compares against.
 */
export async function runSuite(suite: Suite, options: RunSuiteOptions): Promise<SuiteRun> {
  const repeat = options.repeat ?? 1;
  const observed = new Map<string, RunObservation[]>();
  let agentVersion: string | undefined;
  const agentFor = async (task: GoldenTask, index: number): Promise<EvalAgent> => (typeof options.agent === 'function' ? options.agent({ task, index }) : options.agent);

  const cases = suite.tasks.map((task) =>
    defineCase({ id: `${suite.name}:${task.id}`, title: task.title ?? task.input.slice(0, 80) }, async (ctx) => {
      const runs = observed.get(task.id) ?? [];
      observed.set(task.id, runs);
      const agent = await agentFor(task, runs.length);
      const events: RunEvent[] = [];
      for await (const event of agent.stream(task.input, { signal: ctx.signal })) {
        events.push(event);
        if (event.type === 'run_start' && event.agentVersion) agentVersion ??= event.agentVersion;
      }
      const run = observeRun(events);
      runs.push(run);
      if (run.sessionId) ctx.log(`session ${run.sessionId}`);
      ctx.metric('steps', run.steps, 'steps');
      ctx.metric('cost', run.costUsd, 'USD');
      for (const check of taskChecks(task, run)) ctx.check(check.passed, check.message);
    }),
  );
  const pack = definePack({ name: suite.name, ...(suite.description ? { description: suite.description } : {}), cases });
  const checked = await runChecks({
    packs: [pack],
    schedule: { mode: 'once', repeat, minPassRate: options.minPassRate ?? 1, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
    outDir: options.outDir ?? path.join(tmpdir(), 'warden-eval'),
    redact: options.redact ?? ((text) => text),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });

  const tasks: TaskResult[] = suite.tasks.map((task) => {
    const report = checked.report.cases.find((c) => c.id === `${suite.name}:${task.id}`)!;
    const runs = observed.get(task.id) ?? [];
    return {
      id: task.id,
      ...(task.title ? { title: task.title } : {}),
      status: report.status,
      flaky: report.flaky,
      runs: report.passed + report.failed + report.errored,
      passed: report.passed,
      passRate: report.passRate,
      passHatK: report.passHatK,
      ...(report.firstFailure ? { firstFailure: report.firstFailure } : {}),
      costUsd: mean(runs.map((r) => r.costUsd)),
      steps: mean(runs.map((r) => r.steps)),
      durationMs: mean(report.iterations.map((i) => i.durationMs)),
      sessions: runs.flatMap((r) => (r.sessionId ? [r.sessionId] : [])),
    };
  });
  const runs = tasks.reduce((n, t) => n + t.runs, 0);
  const passed = tasks.reduce((n, t) => n + t.passed, 0);
  const label = options.label ?? agentVersion;
  const results: EvalResults = {
    version: RESULTS_VERSION,
    suite: suite.name,
    ...(label ? { label } : {}),
    ...(options.agentName ? { agent: options.agentName } : {}),
    ...(agentVersion ? { agentVersion } : {}),
    repeat,
    createdAt: new Date().toISOString(),
    tasks,
    totals: { runs, passed, passRate: runs === 0 ? 0 : passed / runs, costUsd: tasks.reduce((n, t) => n + t.costUsd * t.runs, 0) },
  };
  return { results, report: checked.report, dir: checked.dir, files: checked.files };
}
