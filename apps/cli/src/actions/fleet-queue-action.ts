import { cancel, enqueue, resume, retry, status, watch, type FleetEvent, type FleetJob, type FleetJobStatus, type QueueConnection } from '@warden/fleet';
import type { HarnessConfig } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { FleetOptions } from './fleet-options.js';
import { formatCost } from '../render/summarize.js';
import { renderTable } from '../render/table.js';
import { readFleetFile } from './fleet-file.js';
import { commandProgress } from '../render/progress-line.js';
import { fleetProgress } from './fleet-progress.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** A fleet-file job name as a queue id: letters, digits, `.`, `_`, `-` (anything else becomes `-`). */
export function jobIdOf(name: string, index: number): string {
  const id = name.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return id && !/^\d+$/.test(id) && id === name ? id : `job-${index}-${id || 'x'}`.slice(0, 128);
}

function connectionOf(options: FleetOptions): QueueConnection {
  if (!options.queue) throw missingArgument('warden fleet', '--queue redis://…');
  return { connection: options.queue, ...(options.queueName ? { queue: options.queueName } : {}), ...(options.prefix ? { prefix: options.prefix } : {}) };
}

function statusRows(states: readonly FleetJobStatus[], names: readonly string[] | undefined, t: CommandContext<FleetOptions>['t']): string[][] {
  return states.map((s, i) => [
    names?.[i] ?? s.id,
    s.state,
    s.result ? t.number(s.result.steps) : '',
    s.result?.usage ? t.number(s.result.usage.inputTokens + s.result.usage.outputTokens) : '',
    s.result ? formatCost(s.result.costUsd) : '',
    s.result?.worker ?? s.worker ?? '',
    (s.failedReason ?? s.result?.output ?? '').replace(/\s+/g, ' ').slice(0, 60),
  ]);
}

/**
 * `warden fleet FILE --queue redis://…` queues the file's jobs (ids = job names, so running the
 * same file again adds nothing) and shows live progress and the final table in input order;
 * `warden fleet status|cancel|retry|resume [ID] --queue redis://…` works from any machine.
 */
export async function fleetQueueAction(ctx: CommandContext<FleetOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, id, extra] = positionals;
  const connection = connectionOf(options);
  const headers = [t('column.job'), t('column.status'), t('column.steps'), t('column.tokens'), t('column.cost'), t('column.worker'), t('column.output')];
  if (verb === 'status') {
    if (extra !== undefined) throw unexpectedArgument(extra, 'warden fleet status');
    const states = await status(id ? [id] : undefined, connection);
    if (options.json) for (const s of states) io.stdout.write(`${JSON.stringify(s)}\n`);
    else io.stdout.write(states.length === 0 ? `${t('fleet.queue.empty')}\n` : renderTable(headers, statusRows(states, undefined, t), style));
    return EXIT.done;
  }
  if (verb === 'cancel' || verb === 'retry' || verb === 'resume') {
    if (!id) throw missingArgument(`warden fleet ${verb}`, 'ID');
    if (extra !== undefined) throw unexpectedArgument(extra, `warden fleet ${verb}`);
    if (verb === 'cancel') io.stdout.write(`${t('fleet.queue.cancelled', { id, state: await cancel(id, connection) })}\n`);
    else if (verb === 'retry') {
      await retry(id, { ...connection, ...(options.acceptInterrupted ? { acceptInterrupted: true } : {}) });
      io.stdout.write(`${t('fleet.queue.retried', { id })}\n`);
    } else io.stdout.write(`${t('fleet.queue.resumer', { id, resumer: await resume(id, connection) })}\n`);
    return EXIT.done;
  }
  if (!verb) throw missingArgument('warden fleet', 'FILE');
  if (id !== undefined) throw unexpectedArgument(id, 'warden fleet');
  const fileJobs = readFleetFile(verb, io.cwd);
  const names = fileJobs.map((j) => j.name);
  const ids = fileJobs.map((j, i) => jobIdOf(j.name, i));
  const inline = (job: (typeof fileJobs)[number]): HarnessConfig | undefined => {
    const config: HarnessConfig = {};
    const mode = job.mode ?? options.mode;
    const model = job.model ?? options.model;
    if (mode) config.mode = mode;
    if (model) config.model = model;
    if (options.provider) config.provider = options.provider;
    if (options.baseUrl) config.baseUrl = options.baseUrl;
    if (options.maxTurns) config.maxTurns = options.maxTurns;
    return Object.keys(config).length > 0 ? config : undefined;
  };
  const jobs: FleetJob[] = fileJobs.map((job, i) => {
    const config = inline(job);
    const budget = options.budgetTokens || options.budgetUsd ? { ...(options.budgetTokens ? { tokens: options.budgetTokens } : {}), ...(options.budgetUsd ? { usd: options.budgetUsd } : {}) } : undefined;
    return { id: ids[i]!, task: job.task, ...(config ? { config } : {}), ...(budget ? { budget } : {}) };
  });
  const counts = commandProgress(io, t, { plainLines: false, label: t('progress.fleet'), total: ids.length, json: options.json === true, ...(options.color === undefined ? {} : { color: options.color }) });
  const progress = options.json ? undefined : fleetProgress(io.stdout, names, t, style, counts);
  const index = new Map(ids.map((jobId, i) => [jobId, i]));
  const finished = new Set<string>();
  let wake: () => void = () => undefined;
  const onEvent = (event: FleetEvent): void => {
    const i = index.get(event.jobId);
    if (i === undefined) return;
    if (options.json) io.stdout.write(`${JSON.stringify({ job: names[i], event })}\n`);
    if (event.type === 'active') progress?.started(i);
    if (event.type === 'progress' && event.progress.step !== undefined) progress?.step(i, event.progress.step);
    if (event.type === 'completed' || event.type === 'failed') {
      const failed = event.type === 'failed' || event.result.status !== 'done';
      if (progress) progress.finished(i, event.type === 'completed' ? event.result.status : event.reason, failed);
      else if (!finished.has(event.jobId)) counts.tick(failed);
      finished.add(event.jobId);
      wake();
    }
  };
  const listening = await watch(connection, onEvent);
  try {
    await enqueue(jobs, { ...connection, env: io.env });
    // Jobs that were already finished (the same file queued before) send no more events.
    for (const s of await status(ids, connection)) if (s.state === 'completed' || s.state === 'failed' || s.state === 'parked') onEvent(s.state === 'failed' ? { type: 'failed', jobId: s.id, reason: s.failedReason ?? '' } : { type: 'completed', jobId: s.id, result: s.result! });
    while (finished.size < ids.length && !ctx.signal.aborted) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        const timer = setTimeout(resolve, 1000);
        timer.unref();
      });
    }
  } finally {
    await listening.close();
  }
  progress?.done();
  counts.stop();
  const states = await status(ids, connection);
  const ok = states.filter((s) => s.state === 'completed' && s.result?.status === 'done').length;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'fleet_report', jobs: states })}\n`);
  else {
    io.stdout.write('\n');
    io.stdout.write(renderTable(headers, statusRows(states, names, t), style));
    io.stdout.write(`${t('fleet.summary', { ok, count: states.length })}\n`);
  }
  if (ctx.signal.aborted) return EXIT.interrupted;
  if (states.some((s) => s.state === 'parked')) return EXIT.approval;
  return ok === states.length ? EXIT.done : EXIT.error;
}
