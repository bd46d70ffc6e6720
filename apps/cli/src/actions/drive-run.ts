import type { RunEvent, StopReason } from '@warden/protocol';
import type { CommandContext } from '../cli/command.js';
import { createEventRenderer } from '../render/event-renderer.js';
import { ndjsonWriter } from '../render/ndjson.js';
import { createStatusLine } from '../repl/status-line.js';
import { waitingAfter } from '../repl/waiting-label.js';

/** Where a run's events go: NDJSON with --json, else the renderer (both on stdout). */
export function eventSink(ctx: CommandContext<object>): { sink: (event: RunEvent) => void; flush: () => void } {
  if (ctx.options.json) return { sink: ndjsonWriter(ctx.io.stdout), flush: () => undefined };
  // A status line while the run waits — on a terminal only, never in a pipe, with --json or --quiet.
  const status = createStatusLine(ctx.io.stdout, ctx.style, ctx.style.tty && ctx.options.quiet !== true);
  const renderer = createEventRenderer({ out: status.out, t: ctx.t, style: ctx.style, quiet: ctx.options.quiet === true });
  const inFlight = new Set<string>();
  return {
    sink: (event) => {
      renderer.render(event);
      if (event.type === 'run_end') status.stop();
      else {
        const label = waitingAfter(event, ctx.t, inFlight);
        if (label) status.set(label);
      }
    },
    flush: () => {
      status.stop();
      renderer.flush();
    },
  };
}

/** Consumes a run's events and returns how it stopped. */
export async function driveRun(events: AsyncIterable<RunEvent>, sink: (event: RunEvent) => void): Promise<StopReason> {
  let stop: StopReason = 'error';
  for await (const event of events) {
    sink(event);
    if (event.type === 'run_end') stop = event.stopReason;
  }
  return stop;
}
