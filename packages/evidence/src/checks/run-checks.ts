import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { evidenceError } from '../errors/coded-errors.js';
import type { CaseReport, EvidenceReport, Iteration } from '../report/report-schema.js';
import type { Redactor } from '../report/redact-report.js';
import { finishReport } from '../report/finish-report.js';
import { summarize } from '../report/summarize.js';
import type { ReportFiles } from '../report/write-report.js';
import { caseOutcome } from './case-outcome.js';
import { resolveEnvironment } from './environments.js';
import type { EnvironmentValues } from './pack-definition.js';
import { indexPacks, type PackIndex, type PackInputItem } from './pack-inputs.js';
import { parseSchedule, type ResolvedSchedule, type ScheduleOptions } from './run-options.js';
import { newRunId } from './run-id.js';
import { runIteration } from './run-iteration.js';
import { selectItems } from './selection.js';

export type RunProgress =
  /** `runs`: how many case runs to expect (cases × repeat or × iterations); absent for a time-bounded soak. */
  | { type: 'run_start'; runId: string; cases: number; runs?: number }
  | { type: 'case_start'; id: string; run: number }
  | { type: 'case_end'; id: string; run: number; status: Iteration['status']; durationMs: number; firstFailure?: string }
  | { type: 'iteration_end'; iteration: number; passed: number; total: number }
  | { type: 'run_end'; runId: string; exitCode: 0 | 1; dir: string };

export interface RunChecksOptions {
  /** Packs, or load results from loadPacks (failed loads are reported, the rest run). */
  packs: readonly PackInputItem[];
  selectors?: readonly string[];
  /** Environment name (`--env local`). */
  env?: string;
  /** Environments from a config file; merged over the packs' of the same name. */
  environments?: Readonly<Record<string, EnvironmentValues>>;
  schedule?: ScheduleOptions;
  /** The run writes `<outDir>/<runId>/`. */
  outDir: string;
  runId?: string;
  /** Every string of the report and every text artifact passes through it. */
  redact: Redactor;
  /** Graceful stop (Ctrl-C): the current case or soak iteration finishes, then the report is written. */
  signal?: AbortSignal;
  onProgress?: (event: RunProgress) => void;
}

export interface RunChecksResult {
  report: EvidenceReport;
  dir: string;
  files: ReportFiles;
  exitCode: 0 | 1;
}

type Selected = PackIndex['cases'];

function emitter(onProgress: RunChecksOptions['onProgress']): (event: RunProgress) => void {
  return (event) => {
    try {
      onProgress?.(event);
    } catch {
      // A progress listener cannot break a run.
    }
  };
}

function select(index: PackIndex, selectors: readonly string[], mode: ResolvedSchedule['mode']): Selected {
  const matched = selectItems(index.cases, selectors);
  const runnable = matched.filter((item) => item.definition.meta.schedules.includes(mode));
  if (runnable.length === 0 && index.entries.every((e) => e.status === 'loaded')) {
    throw evidenceError({
      code: 'evidence.nothing_selected',
      message: matched.length === 0 ? `The selectors match no case: ${selectors.join(' ') || '(none)'}.` : `${matched.length} case(s) match, but none declares the "${mode}" schedule.`,
      hint: 'Run `warden evidence list <selectors>` to see what they match.',
    });
  }
  return runnable;
}

/**
 * Runs the selected cases once (optionally repeated) or as a soak, then writes
 * report.json, report.md, junit.xml and report.html to `<outDir>/<runId>/`.
 * Never prints: progress goes to onProgress. Touches no network.
 */
export async function runChecks(options: RunChecksOptions): Promise<RunChecksResult> {
  const schedule = parseSchedule(options.schedule);
  const index = indexPacks(options.packs);
  const selectors = [...(options.selectors ?? [])];
  const selected = select(index, selectors, schedule.mode);
  const usedPacks = index.packs.filter((pack) => selected.some((item) => item.pack === pack.meta.name));
  const environment = resolveEnvironment({ ...(options.env === undefined ? {} : { name: options.env }), packs: usedPacks, ...(options.environments === undefined ? {} : { config: options.environments }) });
  const started = new Date();
  const runId = options.runId ?? newRunId(started);
  if (!/^[A-Za-z0-9._-]+$/.test(runId) || runId.startsWith('.')) throw evidenceError({ code: 'evidence.invalid_options', message: 'runId may hold only letters, digits, . _ -', hint: 'Omit runId to get a generated one.' });
  const dir = path.join(options.outDir, runId);
  await mkdir(dir, { recursive: true });
  const emit = emitter(options.onProgress);
  const expectedRuns = schedule.mode === 'once' ? selected.length * schedule.repeat : schedule.forMs === undefined && schedule.iterations !== undefined ? selected.length * schedule.iterations : undefined;
  emit({ type: 'run_start', runId, cases: selected.length, ...(expectedRuns === undefined ? {} : { runs: expectedRuns }) });

  const runs = new Map<Selected[number], Iteration[]>(selected.map((item) => [item, []]));
  // Position-prefixed so ids that sanitize alike (web:a/b, web:a_b) never share a folder.
  const artifactFolder = (item: Selected[number]): string => `${String(selected.indexOf(item)).padStart(3, '0')}-${item.id.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
  const stopped = (): boolean => options.signal?.aborted === true;
  const runOne = async (item: Selected[number], runIndex: number): Promise<Iteration> => {
    emit({ type: 'case_start', id: item.id, run: runIndex });
    const iteration = await runIteration(item.definition, {
      index: runIndex,
      env: environment.values,
      timeoutMs: item.definition.meta.timeoutMs ?? schedule.timeoutMs,
      runStartedMs: started.getTime(),
      artifactDir: path.join(dir, 'artifacts', artifactFolder(item), String(runIndex)),
      artifactRel: `artifacts/${artifactFolder(item)}/${runIndex}`,
      redact: options.redact,
    });
    runs.get(item)!.push(iteration);
    emit({ type: 'case_end', id: item.id, run: runIndex, status: iteration.status, durationMs: iteration.durationMs, ...(iteration.firstFailure === undefined ? {} : { firstFailure: iteration.firstFailure }) });
    return iteration;
  };

  let interrupted = false;
  if (schedule.mode === 'once') {
    outer: for (const item of selected) {
      for (let r = 0; r < schedule.repeat; r++) {
        if (stopped()) {
          interrupted = true;
          break outer;
        }
        await runOne(item, r);
      }
    }
  } else {
    const deadline = schedule.forMs === undefined ? Infinity : started.getTime() + schedule.forMs;
    for (let n = 0; schedule.iterations === undefined || n < schedule.iterations; n++) {
      if (stopped()) {
        interrupted = true;
        break;
      }
      if (Date.now() >= deadline) break;
      let passed = 0;
      for (const item of selected) if ((await runOne(item, n)).status === 'passed') passed++;
      emit({ type: 'iteration_end', iteration: n, passed, total: selected.length });
      const last = schedule.iterations !== undefined && n + 1 >= schedule.iterations;
      if (!last && schedule.pauseMs > 0 && !stopped()) {
        // Less time left than one pause: stop rather than loop on without pausing.
        if (Date.now() + schedule.pauseMs >= deadline) break;
        await sleep(schedule.pauseMs, undefined, options.signal === undefined ? {} : { signal: options.signal }).catch(() => undefined);
      }
    }
  }

  const cases: CaseReport[] = selected.map((item) => caseOutcome(item.definition, item.pack, runs.get(item) ?? [], schedule.minPassRate));
  const { report, files, exitCode } = await finishReport(
    {
      runId,
      interrupted,
      schedule: {
        mode: schedule.mode,
        repeat: schedule.repeat,
        minPassRate: schedule.minPassRate,
        failOnFlaky: schedule.failOnFlaky,
        timeoutMs: schedule.timeoutMs,
        ...(schedule.mode === 'soak' ? { pauseMs: schedule.pauseMs } : {}),
        ...(schedule.forMs === undefined ? {} : { forMs: schedule.forMs }),
        ...(schedule.iterations === undefined ? {} : { iterations: schedule.iterations }),
      },
      environment: { ...(environment.name === undefined ? {} : { name: environment.name }), keys: Object.keys(environment.values).sort() },
      selectors,
      summary: summarize(cases, [], index.entries, schedule.failOnFlaky),
      packs: index.entries,
      cases,
      probes: [],
    },
    started,
    dir,
    options.redact,
  );
  emit({ type: 'run_end', runId, exitCode, dir });
  return { report, dir, files, exitCode };
}
