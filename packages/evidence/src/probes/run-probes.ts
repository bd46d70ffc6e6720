import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { evidenceError } from '../errors/coded-errors.js';
import { indexPacks, type PackInputItem } from '../checks/pack-inputs.js';
import { newRunId } from '../checks/run-id.js';
import { selectItems } from '../checks/selection.js';
import type { Redactor } from '../report/redact-report.js';
import { finishReport } from '../report/finish-report.js';
import type { EvidenceReport, ProbeReport } from '../report/report-schema.js';
import { summarize } from '../report/summarize.js';
import type { ReportFiles } from '../report/write-report.js';
import { runProbe } from './run-probe.js';
import { openTarget } from './target-session.js';
import { probeFirstFailure } from './probe-failure.js';
import { loadTargetFile } from './target-file.js';
import type { ProbeTarget } from './probe-target.js';

export type ProbeProgress =
  | { type: 'probe_start'; id: string }
  | { type: 'probe_end'; id: string; status: ProbeReport['status']; firstFailure?: string }
  | { type: 'run_end'; runId: string; exitCode: 0 | 1; dir: string };

export interface RunProbesOptions {
  /** A target, or the path of a target file. */
  target: ProbeTarget | string;
  packs: readonly PackInputItem[];
  selectors?: readonly string[];
  outDir: string;
  runId?: string;
  redact: Redactor;
  /** Graceful stop: the current probe finishes; the target is still finalized and the report written. */
  signal?: AbortSignal;
  onProgress?: (event: ProbeProgress) => void;
}

export interface RunProbesResult {
  report: EvidenceReport;
  dir: string;
  files: ReportFiles;
  exitCode: 0 | 1;
}

/**
 * Runs the selected probes against one target, finalizes the target once
 * (cleanup, then close), and writes the four report files. Exit code 1 if any
 * probe did not pass, a pack failed to load, or finalization failed.
 */
export async function runProbes(options: RunProbesOptions): Promise<RunProbesResult> {
  const index = indexPacks(options.packs);
  const selectors = [...(options.selectors ?? [])];
  const selected = selectItems(index.probes, selectors);
  if (selected.length === 0 && index.entries.every((e) => e.status === 'loaded')) {
    throw evidenceError({ code: 'evidence.nothing_selected', message: `The selectors match no probe: ${selectors.join(' ') || '(none)'}.`, hint: 'Run `warden evidence list <selectors>` to see what they match.' });
  }
  const target = typeof options.target === 'string' ? await loadTargetFile(options.target) : options.target;
  const started = new Date();
  const runId = options.runId ?? newRunId(started);
  if (!/^[A-Za-z0-9._-]+$/.test(runId) || runId.startsWith('.')) throw evidenceError({ code: 'evidence.invalid_options', message: 'runId may hold only letters, digits, . _ -', hint: 'Omit runId to get a generated one.' });
  const dir = path.join(options.outDir, runId);
  await mkdir(dir, { recursive: true });
  const emit = (event: ProbeProgress): void => {
    try {
      options.onProgress?.(event);
    } catch {
      // A progress listener cannot break a run.
    }
  };

  const probes: ProbeReport[] = [];
  let interrupted = false;
  const session = openTarget(target);
  let stopped = false;
  try {
    for (const item of selected) {
      if (options.signal?.aborted === true) {
        interrupted = true;
        break;
      }
      emit({ type: 'probe_start', id: item.id });
      const run = await runProbe(session, item.definition, item.pack, `${runId}:${item.id}`);
      probes.push(run.report);
      const firstFailure = probeFirstFailure(run.report);
      emit({ type: 'probe_end', id: item.id, status: run.report.status, ...(firstFailure === undefined ? {} : { firstFailure }) });
      if (run.stopped) {
        stopped = true;
        break;
      }
    }
  } finally {
    await session.aclose();
  }
  const finalization = await session.aclose();
  const summary = summarize([], probes, index.entries, false);
  if (!finalization.ok || interrupted || stopped) summary.exitCode = 1;
  const { report, files, exitCode } = await finishReport(
    {
      runId,
      interrupted,
      schedule: { mode: 'probe', repeat: 1, minPassRate: 1, failOnFlaky: false, timeoutMs: session.timeoutMs },
      environment: { keys: [] },
      selectors,
      summary,
      packs: index.entries,
      cases: [],
      probes,
      finalization,
    },
    started,
    dir,
    options.redact,
  );
  emit({ type: 'run_end', runId, exitCode, dir });
  return { report, dir, files, exitCode };
}
