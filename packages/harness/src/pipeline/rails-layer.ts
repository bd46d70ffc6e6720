import type { RailEvent } from '@warden/governance';
import type { RunEvent, RunEventOf } from '@warden/protocol';
import type { GovernedAgent } from '../governed-agent.js';
import { tapOptions, tapStream, type EventTap } from './event-tap.js';
import type { HarnessLayer } from './harness-layer.js';

/** The `warning` event's code for a content-rails check that found something (or whose judge failed and was allowed). */
export const CONTENT_RAILS_WARNING = 'guardrail.content';

/** One rails event in words: the stage, what was done, and each finding's rail, kind and severity — never the text. */
export function railWarning(event: RailEvent, at = new Date().toISOString()): RunEventOf<'warning'> {
  const found = event.findings.map((f) => `${f.rail} ${f.kind} (${f.severity}, ${f.spans.length} span${f.spans.length === 1 ? '' : 's'})`);
  const failed = event.failures.map((f) => `${f.rail} failed and was allowed: ${f.reason}`);
  return { type: 'warning', runId: event.runId, at, code: CONTENT_RAILS_WARNING, message: `${event.stage} rails ${event.action}: ${[...found, ...failed].join('; ')}` };
}

/** Rails events waiting to be told, by run: the hooks fill it, the layer empties it into the run's events. */
export interface RailEventQueue {
  push(event: RailEvent): void;
  /** The waiting warnings of one run, removed. */
  take(runId: string): RunEventOf<'warning'>[];
}

export function railEventQueue(): RailEventQueue {
  const waiting = new Map<string, RunEventOf<'warning'>[]>();
  return {
    push(event) {
      const list = waiting.get(event.runId) ?? [];
      list.push(railWarning(event));
      waiting.set(event.runId, list);
    },
    take(runId) {
      const list = waiting.get(runId) ?? [];
      waiting.delete(runId);
      return list;
    },
  };
}

/** A queue when the options have content rails; none otherwise (and no layer). */
export function railEventsFor(guardrails: { input?: readonly unknown[]; output?: readonly unknown[] } | undefined): RailEventQueue | undefined {
  return (guardrails?.input?.length ?? 0) + (guardrails?.output?.length ?? 0) > 0 ? railEventQueue() : undefined;
}

function railTap(queue: RailEventQueue): EventTap {
  return {
    see(event: RunEvent) {
      // Events of every run (a sub-agent's too) carry their runId; what the rails said comes first.
      return [...queue.take(event.runId), event];
    },
  };
}

/**
 * Content-rails findings as `warning` events (code `guardrail.content`) in the run's events, just
 * before the event that followed the check (the answer or the run's end). Innermost, so the
 * redaction-and-audit layer sees them like any other event.
 */
export function railsLayer(queue: RailEventQueue): HarnessLayer {
  return {
    name: 'content-rails',
    agent: (inner: GovernedAgent): GovernedAgent => ({
      run: (task, options) => inner.run(task, tapOptions(options, railTap(queue))),
      resume: (id, options) => inner.resume(id, tapOptions(options, railTap(queue))),
      stream: (task, options) => tapStream(inner.stream(task, options), railTap(queue)),
      resumeStream: (id, options) => tapStream(inner.resumeStream(id, options), railTap(queue)),
    }),
  };
}
