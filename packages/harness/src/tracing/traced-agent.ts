import type { RunEvent } from '@warden/protocol';
import type { GovernedAgent, HarnessResumeOptions, HarnessRunOptions } from '../governed-agent.js';
import type { RunTracer } from './run-tracer.js';
import type { TracingRuntime } from './tracing-runtime.js';

function observed<O extends HarnessRunOptions | HarnessResumeOptions>(options: O | undefined, run: RunTracer): O {
  const { traceContext: _carrier, ...rest }: HarnessRunOptions | HarnessResumeOptions = options ?? {};
  const given = rest.onEvent;
  return {
    ...rest,
    onEvent: (event: RunEvent) => {
      run.onEvent(event);
      given?.(event);
    },
  } as O;
}

/** Runs `call` as `run`'s current run, closing the run's spans if it throws. */
async function traced<T>(runtime: TracingRuntime, run: RunTracer, call: () => Promise<T>): Promise<T> {
  try {
    return await runtime.within(run, call);
  } catch (error) {
    run.close(error);
    throw error;
  }
}

/**
 * A stream whose every step runs as `run`'s current run (core starts the run on the first
 * `next()`, so the whole run inherits it), with the spans closed when it ends however it ends.
 */
function tracedStream(runtime: TracingRuntime, run: RunTracer, open: () => AsyncIterable<RunEvent>): AsyncIterable<RunEvent> {
  return {
    [Symbol.asyncIterator]() {
      const inner = runtime.within(run, () => open()[Symbol.asyncIterator]());
      const step = async (move: () => Promise<IteratorResult<RunEvent>>): Promise<IteratorResult<RunEvent>> => {
        try {
          const next = await runtime.within(run, move);
          if (next.done) run.close();
          return next;
        } catch (error) {
          run.close(error);
          throw error;
        }
      };
      return {
        next: () => step(() => inner.next()),
        return: (value?: unknown) => step(async () => (inner.return ? inner.return(value) : { done: true, value: undefined })),
        throw: (error?: unknown) =>
          step(async () => {
            if (inner.throw) return inner.throw(error);
            throw error;
          }),
      };
    },
  };
}

/** The governed agent with spans for every call (see `RunTracer`); `traceContext` parents a call in a trace begun elsewhere. */
export function tracedAgent(agent: GovernedAgent, runtime: TracingRuntime): GovernedAgent {
  return {
    run: (task, options) => {
      const run = runtime.startRun(options?.traceContext);
      return traced(runtime, run, () => agent.run(task, observed(options, run)));
    },
    resume: (id, options) => {
      const run = runtime.startRun(options?.traceContext);
      return traced(runtime, run, () => agent.resume(id, observed(options, run)));
    },
    stream: (task, options) => {
      const run = runtime.startRun(options?.traceContext);
      return tracedStream(runtime, run, () => agent.stream(task, observed(options, run)));
    },
    resumeStream: (id, options) => {
      const run = runtime.startRun(options?.traceContext);
      return tracedStream(runtime, run, () => agent.resumeStream(id, observed(options, run)));
    },
  };
}
