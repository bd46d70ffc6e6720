import type { RunEvent } from '@warden/protocol';
import type { GovernedAgent, HarnessResumeOptions, HarnessRunOptions } from '../governed-agent.js';
import type { HarnessLayer } from './harness-layer.js';

/** A person's two ways to end the runs in flight of one harness. */
export interface RunControl {
  /** Drains: each run in flight finishes its step, records it and ends with `stopReason: 'stopped'`. */
  stop(reason?: string): void;
  /** Cancels at the next safe boundary: a running tool is interrupted (`stopReason: 'aborted'`). */
  abort(reason?: string): void;
}

interface Controls {
  stop: AbortController;
  abort: AbortController;
}

/** Links `given` (the caller's signal) into `controller`; returns the unlink. */
function link(given: AbortSignal | undefined, controller: AbortController): () => void {
  if (!given) return () => undefined;
  if (given.aborted) {
    controller.abort(given.reason);
    return () => undefined;
  }
  const onAbort = (): void => controller.abort(given.reason);
  given.addEventListener('abort', onAbort, { once: true });
  return () => given.removeEventListener('abort', onAbort);
}

/**
 * The outermost layer of the harness's pipeline: `stop()` and `abort()` reach every run in flight,
 * beside the caller's own `stopSignal` and `signal` (either one ends a run). A run started after a
 * stop is not affected: the controls act on what is running, they are not a switch.
 */
export function runControlLayer(): { layer: HarnessLayer; control: RunControl } {
  const running = new Set<Controls>();
  const open = <O extends HarnessRunOptions | HarnessResumeOptions>(options: O | undefined): { controls: Controls; options: O; close(): void } => {
    const controls: Controls = { stop: new AbortController(), abort: new AbortController() };
    const unlinks = [link(options?.stopSignal, controls.stop), link(options?.signal, controls.abort)];
    running.add(controls);
    return {
      controls,
      options: { ...(options ?? ({} as O)), stopSignal: controls.stop.signal, signal: controls.abort.signal },
      close() {
        running.delete(controls);
        for (const unlink of unlinks) unlink();
      },
    };
  };
  const streamed = (start: (options: HarnessRunOptions | HarnessResumeOptions) => AsyncIterable<RunEvent>, given: HarnessRunOptions | HarnessResumeOptions | undefined): AsyncIterable<RunEvent> => ({
    async *[Symbol.asyncIterator]() {
      const run = open(given);
      try {
        yield* start(run.options);
      } finally {
        run.close();
      }
    },
  });
  const controlled = (agent: GovernedAgent): GovernedAgent => ({
    async run(task, options) {
      const run = open(options);
      try {
        return await agent.run(task, run.options);
      } finally {
        run.close();
      }
    },
    async resume(sessionId, options) {
      const run = open(options);
      try {
        return await agent.resume(sessionId, run.options);
      } finally {
        run.close();
      }
    },
    stream: (task, options) => streamed((o) => agent.stream(task, o), options),
    resumeStream: (sessionId, options) => streamed((o) => agent.resumeStream(sessionId, o), options),
  });
  return {
    layer: { name: 'run-control', agent: controlled },
    control: {
      stop(reason = 'stopped') {
        for (const controls of running) controls.stop.abort(new Error(reason));
      },
      abort(reason = 'aborted') {
        for (const controls of running) controls.abort.abort(new Error(reason));
      },
    },
  };
}
