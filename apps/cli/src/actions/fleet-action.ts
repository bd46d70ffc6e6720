import type { RunEvent, StopReason } from '@warden/protocol';
import { errorCodeOf } from '@warden/protocol';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { FleetOptions } from './fleet-options.js';
import { createHarness } from '@warden/harness';
import { formatCost } from '../render/summarize.js';
import { renderTable } from '../render/table.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { readFleetFile, type FleetJob } from './fleet-file.js';
import { commandProgress } from '../render/progress-line.js';
import { fleetProgress } from './fleet-progress.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';
import { runPool } from './worker-pool.js';

export interface JobReport {
  name: string;
  status: StopReason;
  sessionId?: string;
  steps: number;
  tokens: number;
  costUsd: number;
  durationMs: number;
  error?: { code: string; message: string };
}

/** `warden fleet FILE --workers N`: independent jobs in a pool; one failing job never stops the others. */
export async function fleetAction(ctx: CommandContext<FleetOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [file, extra] = positionals;
  if (!file) throw missingArgument('warden fleet', 'FILE');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden fleet');
  const jobs = readFleetFile(file, io.cwd);
  const json = options.json === true;
  const counts = commandProgress(io, t, { plainLines: false, label: t('progress.fleet'), total: jobs.length, json, ...(options.color === undefined ? {} : { color: options.color }) });
  const progress = json ? undefined : fleetProgress(io.stdout, jobs.map((j) => j.name), t, style, counts);

  async function runJob(job: FleetJob, index: number): Promise<JobReport> {
    const started = Date.now();
    const report: JobReport = { name: job.name, status: 'error', steps: 0, tokens: 0, costUsd: 0, durationMs: 0 };
    progress?.started(index);
    try {
      const workdir = resolveWorkdir(io.cwd, job.workdir);
      const base = harnessOptionsFrom({ ...ctx, options: { ...options, ...(job.mode ? { mode: job.mode } : {}), ...(job.model ? { model: job.model } : {}) } }, workdir);
      const harness = await createHarness(base);
      try {
        for await (const event of harness.agent.stream(job.task, { signal: ctx.signal, label: job.name })) {
          observe(event, report, index);
          if (json) io.stdout.write(`${JSON.stringify({ job: job.name, event })}\n`);
        }
      } finally {
        await harness.close();
      }
    } catch (error) {
      report.status = 'error';
      report.error = { code: errorCodeOf(error), message: error instanceof Error ? error.message : String(error) };
    }
    report.durationMs = Date.now() - started;
    if (progress) progress.finished(index, t(`render.stop.${report.status}`, { message: report.error?.message ?? '' }), report.status !== 'done');
    else counts.tick(report.status !== 'done');
    return report;
  }

  function observe(event: RunEvent, report: JobReport, index: number): void {
    if (event.type === 'run_start' && event.sessionId) report.sessionId = event.sessionId;
    if (event.type === 'step_start') progress?.step(index, event.step);
    if (event.type === 'run_end') {
      report.status = event.stopReason;
      report.steps = event.steps;
      report.tokens = event.usage.inputTokens + event.usage.outputTokens;
      report.costUsd = event.costUsd;
      if (event.error) report.error = event.error;
    }
  }

  const reports = await runPool(jobs, options.workers ?? 4, runJob);
  progress?.done();
  counts.stop();
  const ok = reports.filter((r) => r.status === 'done').length;
  if (json) {
    io.stdout.write(`${JSON.stringify({ type: 'fleet_report', jobs: reports })}\n`);
  } else {
    const rows = reports.map((r) => [
      r.name,
      t(`render.stop.${r.status}`, { message: r.error?.message ?? '' }),
      t.number(r.steps),
      t.number(r.tokens),
      formatCost(r.costUsd),
      `${(r.durationMs / 1000).toFixed(1)}s`,
    ]);
    io.stdout.write('\n');
    io.stdout.write(renderTable([t('column.job'), t('column.status'), t('column.steps'), t('column.tokens'), t('column.cost'), t('column.duration')], rows, style));
    io.stdout.write(`${t('fleet.summary', { ok, count: reports.length })}\n`);
  }
  if (ctx.signal.aborted) return EXIT.interrupted;
  return ok === reports.length ? EXIT.done : EXIT.error;
}
