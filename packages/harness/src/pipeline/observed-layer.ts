import type { RunResult } from '@warden/core';
import { redactEvent, redactRunResult, type Redactor } from '@warden/governance';
import type { RunEvent } from '@warden/protocol';
import { changeSetTracker } from '../change-set.js';
import type { GovernedAgent } from '../governed-agent.js';
import { tapOptions, tapStream, type EventTap } from './event-tap.js';
import type { HarnessLayer } from './harness-layer.js';

export interface Observers {
  /** Every channel a person or a report reads goes through it (tool output was redacted earlier, by the hook). */
  redactor: Redactor;
  /** Sees each event before the caller (the audit trail). */
  observe?: (event: RunEvent) => void | Promise<void>;
  /** Settles once everything `observe` was handed is written; awaited before a run returns. */
  flush?: () => Promise<void>;
}

/**
 * The events a caller, the terminal and the audit trail see: warnings, progress, errors, approval
 * requests, the answer — redacted. Streamed text deltas are the model's own words, passed as they
 * are (a secret split across deltas cannot be caught one delta at a time); the full message follows
 * redacted in `assistant_message`.
 */
function shown(redactor: Redactor, event: RunEvent): RunEvent {
  return event.type === 'text_delta' || event.type === 'thinking_delta' ? event : redactEvent(redactor, event);
}

/** One run's tap: each event redacted and observed, and the run's change set just before its end. */
function observedTap(observers: Observers): EventTap {
  const changes = changeSetTracker();
  const pass = (event: RunEvent): RunEvent => {
    // Not awaited per event: the trail group-commits; it holds the whole run before the caller sees its end.
    void observers.observe?.(event);
    return event;
  };
  return {
    see(raw) {
      // The change set comes just before the end: what the run changed, by class, and what approved each.
      const set = raw.type === 'run_end' ? [pass(shown(observers.redactor, changes.event(raw.runId)))] : [];
      changes.observe(raw);
      return [...set, pass(shown(observers.redactor, raw))];
    },
    ...(observers.flush ? { beforeEnd: observers.flush } : {}),
  };
}

/**
 * Redaction, the change set and the audit trail: every event also goes to `observe` (the audit
 * trail) before the caller sees it, redacted, and a run's result is redacted after everything
 * observed is written.
 */
export function observedLayer(observers: Observers): HarnessLayer {
  const redacted = async (result: Promise<RunResult>): Promise<RunResult> => {
    const done = await result;
    await observers.flush?.();
    return redactRunResult(observers.redactor, done);
  };
  const tapped = <O extends { onEvent?: (event: RunEvent) => void }>(options: O | undefined): O | undefined =>
    options?.onEvent || observers.observe ? tapOptions(options, observedTap(observers)) : options;
  // A stream's events reach `observe` through the stream, not through onEvent (which would double
  // them); the caller's own onEvent gets each event redacted.
  const redactedOnEvent = <O extends { onEvent?: (event: RunEvent) => void }>(options: O | undefined): O | undefined => {
    const given = options?.onEvent;
    if (!options) return options;
    const { onEvent: _own, ...rest } = options;
    return (given ? { ...rest, onEvent: (event: RunEvent) => given(shown(observers.redactor, event)) } : rest) as O;
  };
  return {
    name: 'redaction-and-audit',
    agent: (inner: GovernedAgent): GovernedAgent => ({
      run: (task, options) => redacted(inner.run(task, tapped(options))),
      resume: (id, options) => redacted(inner.resume(id, tapped(options))),
      stream: (task, options) => tapStream(inner.stream(task, redactedOnEvent(options)), observedTap(observers)),
      resumeStream: (id, options) => tapStream(inner.resumeStream(id, redactedOnEvent(options)), observedTap(observers)),
    }),
  };
}
