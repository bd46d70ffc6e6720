import { setMaxListeners } from 'node:events';
import { linkSignal } from './abort.js';
import type { AgentOptions } from './agent-options.js';
import { eventStream, type EventStream } from './event-stream.js';
import { resolveOptions, type AgentInternals } from './resolve-options.js';
import type { Agent, ResumeOptions, RunOptions, RunResult } from './run-result.js';
import { startRun, type RunInit } from './run-start.js';

/**
 * Creates an agent: a provider, tools, a gate and optional approver, session,
 * hooks, compaction, sub-agents and structured output, checked once here.
 * `run` drains `stream`; there is one implementation of the loop.
 */
export function createAgent(options: AgentOptions): Agent {
  return buildAgent(options);
}

/** `createAgent` with what a spawning run hands down to the agents it builds (depth, the spawn counter). */
function buildAgent(options: AgentOptions, internal?: AgentInternals): Agent {
  const resolved = resolveOptions(options, buildAgent, internal);

  const events = (init: RunInit, runOptions: RunOptions = {}): EventStream => {
    const controller = new AbortController();
    // Each running tool holds two listeners on the run's signal and the model call one or two:
    // allow that many so a wide step does not look like a leak. Nothing else is added per step.
    setMaxListeners(Math.max(10, 2 * resolved.concurrency + 8), controller.signal);
    const unlink = linkSignal(runOptions.signal, controller);
    return eventStream(
      (emit) => startRun(resolved, init, controller.signal, emit, buildAgent).finally(unlink),
      () => controller.abort(new Error('the event stream was closed before the run ended')),
      runOptions.onEvent,
    );
  };

  return {
    stream: (task, runOptions) => events(runInit(task, runOptions), runOptions),
    run: (task, runOptions) => drain(events(runInit(task, runOptions), runOptions)),
    resumeStream: (sessionId, resumeOptions) => events(resumeInit(sessionId, resumeOptions), resumeOptions),
    resume: (sessionId, resumeOptions) => drain(events(resumeInit(sessionId, resumeOptions), resumeOptions)),
  };
}

function runInit(task: string, options: RunOptions = {}): RunInit {
  return { task, ...(options.attachments && options.attachments.length > 0 ? { attachments: options.attachments } : {}), ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}), ...(options.scope ? { scope: options.scope } : {}), ...(options.taint ? { taint: options.taint } : {}), ...(options.label !== undefined ? { label: options.label } : {}), ...(options.agentVersion !== undefined ? { agentVersion: options.agentVersion } : {}), ...(options.priorCalls ? { priorCalls: options.priorCalls } : {}), ...(options.received ? { received: options.received } : {}) };
}

function resumeInit(sessionId: string, options: ResumeOptions = {}): RunInit {
  return {
    resumeId: sessionId,
    ...(options.attachments && options.attachments.length > 0 ? { attachments: options.attachments } : {}),
    ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.taint ? { taint: options.taint } : {}),
    ...(options.task !== undefined ? { task: options.task } : {}),
    ...(options.approvals ? { approvals: options.approvals } : {}),
    ...(options.label !== undefined ? { label: options.label } : {}),
    ...(options.agentVersion !== undefined ? { agentVersion: options.agentVersion } : {}),
    ...(options.priorCalls ? { priorCalls: options.priorCalls } : {}),
    ...(options.received ? { received: options.received } : {}),
  };
}

/** `run` is `stream` consumed to the end; the stream takes its events in batches then. */
function drain(stream: EventStream): Promise<RunResult> {
  return stream.drain();
}
