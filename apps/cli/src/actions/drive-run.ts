import type { RunEvent, StopReason } from '@warden/protocol';
import type { CommandContext } from '../cli/command.js';
import { createEventRenderer } from '../render/event-renderer.js';
import { ndjsonWriter } from '../render/ndjson.js';

/** Where a run's events go: NDJSON with --json, else the renderer (both on stdout). */
export function eventSink(ctx: CommandContext<object>): { sink: (event: RunEvent) => void; flush: () => void } {
  if (ctx.options.json) return { sink: ndjsonWriter(ctx.io.stdout), flush: () => undefined };
  const renderer = createEventRenderer({ out: ctx.io.stdout, t: ctx.t, style: ctx.style, quiet: ctx.options.quiet === true });
  return { sink: (event) => renderer.render(event), flush: () => renderer.flush() };
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
