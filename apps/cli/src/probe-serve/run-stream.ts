import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { WardenError } from '@warden/protocol';
import { runProbes, type LoadedTarget, type ProbeProgress } from '@warden/evidence/probes';
import type { PackInputItem } from '@warden/evidence';
import type { Redactor } from '@warden/evidence/report';
import type { RunSlots } from './run-slots.js';

export interface StreamedRun {
  runId: string;
  target: LoadedTarget;
  packs: readonly PackInputItem[];
  selectors: readonly string[];
  outDir: string;
  redact: Redactor;
  slots: RunSlots;
  /** The server is stopping: the run finishes its current probe, finalizes the target and writes its report. */
  shutdown: AbortSignal;
}

/** A progress event as the client sees it: the server's own directory stays on the server. */
function forClient(event: ProbeProgress): Record<string, unknown> {
  if (event.type !== 'run_end') return event;
  return { type: 'run_end', runId: event.runId, exitCode: event.exitCode };
}

function failure(error: unknown): Record<string, unknown> {
  if (WardenError.isInstance(error)) return error.toJSON() as unknown as Record<string, unknown>;
  return { name: 'ProbeServeError', code: 'probe_serve.run_failed', message: `The run failed (${error instanceof Error ? error.name : typeof error}).` };
}

/**
 * Runs the probes and streams their progress as NDJSON: `run_start`, then
 * runProbes' `probe_start` / `probe_end` / `run_end` events, then one `result`
 * line (runId, exitCode, summary, where the report is) or one `error` line. The
 * report and its evidence are stored under `<out>/<runId>` by runProbes. A client
 * that disconnects stops the run gracefully (the current probe finishes, the target
 * is finalized, the report written). The slot is released once the last line is out.
 */
export function streamRun(c: Context, run: StreamedRun): Response {
  c.header('content-type', 'application/x-ndjson; charset=utf-8');
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  c.header('x-warden-run-id', run.runId);
  return stream(c, async (out) => {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    out.onAbort(stop);
    run.shutdown.addEventListener('abort', stop, { once: true });
    let writes: Promise<void> = Promise.resolve();
    const send = (line: Record<string, unknown>): void => {
      writes = writes.then(() => out.write(`${JSON.stringify(line)}\n`)).then(() => undefined);
    };
    try {
      send({ type: 'run_start', runId: run.runId, selectors: [...run.selectors] });
      const result = await runProbes({
        target: run.target,
        packs: run.packs,
        selectors: run.selectors,
        outDir: run.outDir,
        runId: run.runId,
        redact: run.redact,
        signal: controller.signal,
        onProgress: (event) => send(forClient(event)),
      });
      send({ type: 'result', runId: run.runId, exitCode: result.exitCode, interrupted: result.report.interrupted, summary: result.report.summary, report: `/runs/${run.runId}` });
    } catch (error) {
      send({ type: 'error', runId: run.runId, error: failure(error) });
    } finally {
      run.shutdown.removeEventListener('abort', stop);
      await writes;
      run.slots.release(run.runId);
    }
  });
}
