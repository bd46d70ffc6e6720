import path from 'node:path';
import { listCases, runChecks, type RunChecksResult, type RunProgress } from '@warden/evidence';
import { pushReport } from '@warden/evidence/report';
import type { CommandContext } from '../cli/command.js';
import { parseDurationMs } from '../cli/duration.js';
import { EXIT } from '../cli/exit-codes.js';
import type { CheckOptions } from './check-options.js';
import { textRedactor } from '@warden/harness';
import { commandProgress } from '../render/progress-line.js';
import { renderTable } from '../render/table.js';
import { fit } from '../render/terminal-style.js';
import { loadEvidencePacks } from './evidence-packs.js';
import { missingArgument } from './usage-errors.js';

const BAD = new Set(['failed', 'error', 'flaky']);

function schedule(options: CheckOptions) {
  const gates = { ...(options.minPassRate === undefined ? {} : { minPassRate: options.minPassRate }), ...(options.failOnFlaky ? { failOnFlaky: true } : {}) };
  return options.soak
    ? {
        mode: 'soak' as const,
        ...(options.for ? { forMs: parseDurationMs(options.for)! } : {}),
        ...(options.pause ? { pauseMs: parseDurationMs(options.pause)! } : {}),
        ...(options.iterations ? { iterations: options.iterations } : {}),
        ...gates,
      }
    : { mode: 'once' as const, ...(options.repeat ? { repeat: options.repeat } : {}), ...gates };
}

/** The cases that did not pass, each with why (its first failing check), and the totals. */
function printOutcome(ctx: CommandContext<CheckOptions>, result: RunChecksResult): void {
  const { io, t, style } = ctx;
  for (const c of result.report.cases) {
    if (!BAD.has(c.status)) continue;
    const color = c.status === 'flaky' && result.report.summary.exitCode === 0 ? style.yellow : style.red;
    const reason = c.firstFailure ?? c.iterations.find((it) => it.error !== undefined)?.error?.message ?? '';
    io.stdout.write(`${color(t('check.caseOutcome', { id: c.id, status: c.status, passed: c.passed, runs: c.runs }))}${reason === '' ? '' : ` — ${reason}`}\n`);
  }
  const s = result.report.summary;
  io.stdout.write(`${t('check.summary', { total: s.total, passed: s.passed, failed: s.failed, flaky: s.flaky, error: s.error, skipped: s.skipped })}\n`);
}

/** `warden check SELECTOR…` and `warden check list SELECTOR`: the evidence runner with a live progress line. */
export async function checkAction(ctx: CommandContext<CheckOptions>): Promise<number> {
  const { io, t, style, options } = ctx;
  const listing = ctx.positionals[0] === 'list';
  const selectors = listing ? ctx.positionals.slice(1) : ctx.positionals;
  if (!listing && selectors.length === 0) throw missingArgument('warden check', 'SELECTOR');
  const loads = await loadEvidencePacks(ctx);
  if (listing) {
    const { items } = listCases({ packs: loads, selectors });
    if (options.json) for (const item of items) io.stdout.write(`${JSON.stringify(item)}\n`);
    else io.stdout.write(renderTable([t('column.id'), t('column.title'), 'PACK'], items.map((i) => [i.id, i.title, i.pack]), style));
    return EXIT.done;
  }
  let total: number | undefined;
  let done = 0;
  // On a terminal (stderr): one live line with counts, failures and time left, for a soak too.
  // In a pipe: the plain line per case below, as before.
  const live = commandProgress(io, t, { plainLines: false, label: t('progress.checks'), json: options.json === true, ...(options.color === undefined ? {} : { color: options.color }) });
  const onProgress = (event: RunProgress): void => {
    if (event.type === 'run_start' && event.runs !== undefined) live.setTotal(event.runs);
    const failed = event.type === 'case_end' && (event.status === 'failed' || event.status === 'error');
    if (event.type === 'case_end') live.tick(failed);
    if (options.json) {
      io.stdout.write(`${JSON.stringify(event)}\n`);
      return;
    }
    if (event.type === 'run_start') total = event.runs;
    if (event.type !== 'case_end') return;
    done += 1;
    const line = total === undefined ? t('check.progressOpen', { done, id: event.id, status: event.status }) : t('check.progress', { done, total, id: event.id, status: event.status });
    if (live.live) {
      // The live line carries the counts; what lasts on the screen is why a case failed.
      if (failed) live.above(() => io.stdout.write(`${fit(line, style.width - 1)}\n${event.firstFailure === undefined ? '' : `  ${style.red(fit(event.firstFailure, style.width - 3))}\n`}`));
      return;
    }
    io.stdout.write(`${line}\n`);
    if (failed && event.firstFailure !== undefined) io.stdout.write(`  ${style.red(fit(event.firstFailure, style.width - 3))}\n`);
  };
  const result = await runChecks({
    packs: loads,
    selectors,
    ...(options.env ? { env: options.env } : {}),
    ...(ctx.config.config.environments ? { environments: ctx.config.config.environments } : {}),
    schedule: schedule(options),
    outDir: path.resolve(io.cwd, options.out ?? 'out'),
    redact: textRedactor(io.env),
    signal: ctx.signal,
    onProgress,
  }).finally(() => live.stop());
  const report = path.relative(io.cwd, result.files.html) || result.files.html;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'report', dir: result.dir, files: result.files, exitCode: result.exitCode })}\n`);
  else {
    printOutcome(ctx, result);
    io.stdout.write(`${t('check.report', { file: report })}\n`);
  }
  if (options.dash) {
    const pushed = await pushReport(result.dir, path.resolve(io.cwd, options.dash), { env: io.env, signal: ctx.signal });
    if (options.json) io.stdout.write(`${JSON.stringify({ type: 'pushed', runId: pushed.runId, status: pushed.status })}\n`);
    else io.stdout.write(`${style.green('✔')} ${t('evidence.pushed', { runId: pushed.runId, status: pushed.status })}\n`);
  }
  return result.exitCode === 0 ? EXIT.done : EXIT.error;
}
