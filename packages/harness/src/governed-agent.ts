import type { Agent, ResumeOptions, RunOptions, RunResult } from '@warden/core';
import { redactEvent, redactRunResult, type Redactor } from '@warden/governance';
import type { RunEvent, RunScope, ScopePlan, TaintSource } from '@warden/protocol';
import { changeSetTracker } from './change-set.js';
import { handoffTaskText } from './received-handoff.js';
import type { TraceContextCarrier } from './tracing/tracing-options.js';

/** Run options a harness caller may give: the scope and initial taint are the harness's to compute. */
export interface HarnessRunOptions extends Omit<RunOptions, 'scope' | 'taint'> {
  /**
   * `user` (default): the task is the user's own words, and the paths and hosts it names are the
   * run's scope. `untrusted`: the task is material from elsewhere (a probe, an issue, an email):
   * it taints the run from the start and adds nothing to the scope.
   */
  trust?: 'user' | 'untrusted';
  /** With tracing on: the run's spans join this trace (W3C `traceparent`, e.g. from a fleet job). Ignored otherwise. */
  traceContext?: TraceContextCarrier;
  /**
   * A plan the run's calls are checked against (`RunScope.plan`): plan-first mode fills it; a
   * program may hand over one it approved itself. Ignored when `trust` is `untrusted`.
   */
  plan?: ScopePlan;
}

export interface HarnessResumeOptions extends Omit<ResumeOptions, 'scope' | 'taint'> {
  trust?: 'user' | 'untrusted';
  traceContext?: TraceContextCarrier;
}

/** The harness's agent: core's `Agent` with the scope and taint computed for each run. */
export interface GovernedAgent {
  run(task: string, options?: HarnessRunOptions): Promise<RunResult>;
  stream(task: string, options?: HarnessRunOptions): AsyncIterable<RunEvent>;
  resume(sessionId: string, options?: HarnessResumeOptions): Promise<RunResult>;
  resumeStream(sessionId: string, options?: HarnessResumeOptions): AsyncIterable<RunEvent>;
}

export interface Authority {
  /** The scope for a task (the configuration's entries plus what the task names). */
  scopeFor(task: string, trust: 'user' | 'untrusted'): RunScope;
  /** Untrusted content in the context before the first step (memory, skills, untrusted MCP tool descriptions). */
  readonly initialTaint: readonly TaintSource[];
}

const UNTRUSTED_TASK: TaintSource = { source: 'task:untrusted', reason: 'the task text came from outside the user (probe material, an issue, a message)', reasonId: 'untrusted_task' };

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

async function* tee(events: AsyncIterable<RunEvent>, observers: Observers): AsyncGenerator<RunEvent> {
  const changes = changeSetTracker();
  for await (const raw of events) {
    if (raw.type === 'run_end') {
      // The change set comes just before the end: what the run changed, by class, and what approved each.
      const set = shown(observers.redactor, changes.event(raw.runId));
      void observers.observe?.(set);
      yield set;
    }
    changes.observe(raw);
    const event = shown(observers.redactor, raw);
    // Not awaited per event: the trail group-commits; it holds the whole run before the caller sees its end.
    void observers.observe?.(event);
    if (event.type === 'run_end') await observers.flush?.();
    yield event;
  }
}

function withObserver<O extends RunOptions>(options: O, observers: Observers): O {
  const given = options.onEvent;
  if (!given && !observers.observe) return options;
  const changes = changeSetTracker();
  return {
    ...options,
    onEvent: (raw: RunEvent) => {
      if (raw.type === 'run_end') {
        const set = shown(observers.redactor, changes.event(raw.runId));
        void observers.observe?.(set);
        given?.(set);
      }
      changes.observe(raw);
      const event = shown(observers.redactor, raw);
      void observers.observe?.(event);
      given?.(event);
    },
  };
}

/** A run that starts from a received handoff begins with its summary; the scope is still the task's alone. */
function startText(task: string, options: Pick<RunOptions, 'received'> | undefined): string {
  return options?.received ? handoffTaskText(options.received.handoff, task) : task;
}

function taintFor(authority: Authority, trust: 'user' | 'untrusted'): TaintSource[] {
  return trust === 'untrusted' ? [...authority.initialTaint, UNTRUSTED_TASK] : [...authority.initialTaint];
}

/**
 * Core's agent under the harness's authority: every run gets the scope its task authorizes and
 * starts tainted by what is already in its context; every event also goes to `observe` (the audit
 * trail) before the caller sees it.
 */
export function governedAgent(agent: Agent, authority: Authority, observers: Observers): GovernedAgent {
  const runOptions = (task: string, options: HarnessRunOptions = {}): RunOptions => {
    const { trust = 'user', traceContext: _trace, plan, ...rest } = options;
    const taint = taintFor(authority, trust);
    const scope = authority.scopeFor(task, trust);
    return withObserver({ ...rest, scope: plan && trust === 'user' ? { ...scope, plan } : scope, ...(taint.length > 0 ? { taint } : {}) }, observers);
  };
  const resumeOptions = (options: HarnessResumeOptions = {}): ResumeOptions => {
    const { trust = 'user', traceContext: _trace, ...rest } = options;
    const taint = taintFor(authority, trust);
    const task = rest.task !== undefined ? { task: startText(rest.task, rest), scope: authority.scopeFor(rest.task, trust) } : {};
    return withObserver({ ...rest, ...task, ...(taint.length > 0 ? { taint } : {}) }, observers);
  };
  const stream = (events: AsyncIterable<RunEvent>): AsyncIterable<RunEvent> => tee(events, observers);
  const redacted = async (result: Promise<RunResult>): Promise<RunResult> => {
    const done = await result;
    await observers.flush?.();
    return redactRunResult(observers.redactor, done);
  };
  return {
    run: (task, options) => redacted(agent.run(startText(task, options), runOptions(task, options))),
    resume: (id, options) => redacted(agent.resume(id, resumeOptions(options))),
    // A stream's events reach `observe` through the tee, not through onEvent (which would double them).
    stream: (task, options) => {
      const { onEvent: _ignored, ...base } = runOptions(task, options);
      const given = options?.onEvent;
      return stream(agent.stream(startText(task, options), { ...base, ...(given ? { onEvent: (event: RunEvent) => given(shown(observers.redactor, event)) } : {}) }));
    },
    resumeStream: (id, options) => {
      const { onEvent: _ignored, ...base } = resumeOptions(options);
      const given = options?.onEvent;
      return stream(agent.resumeStream(id, { ...base, ...(given ? { onEvent: (event: RunEvent) => given(shown(observers.redactor, event)) } : {}) }));
    },
  };
}
