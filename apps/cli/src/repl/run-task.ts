import type { RunEvent } from '@warden/protocol';
import { recordWorkspace } from '../actions/session-workspace.js';
import { createEventRenderer } from '../render/event-renderer.js';
import type { ReplDeps, ReplState } from './repl-state.js';
import { waitingAfter } from './waiting-label.js';
import { taskLabel } from '../actions/task-label.js';

/** Runs one task in the session (a new one, or a continued conversation), rendering as it goes. */
export async function runTask(state: ReplState, deps: ReplDeps, task: string): Promise<void> {
  const { ctx, style, status, backlog } = deps;
  const controller = new AbortController();
  const stopper = new AbortController();
  state.running = controller;
  state.stopping = stopper;
  const renderer = createEventRenderer({ out: status.out, t: state.t, style });
  state.renderer = renderer;
  backlog.reset();
  const inFlight = new Set<string>();
  state.waitingFor = state.t('repl.status.model');
  status.set(state.waitingFor);
  const observe = (event: RunEvent): void => {
    renderer.render(event);
    if (event.type === 'run_start' && event.sessionId) state.sessionId = event.sessionId;
    if (event.type === 'run_end') {
      state.totals.input += event.usage.inputTokens;
      state.totals.output += event.usage.outputTokens;
      state.totals.cost += event.costUsd;
      state.waitingFor = undefined;
      status.stop();
    } else {
      const next = waitingAfter(event, state.t, inFlight);
      if (next) {
        state.waitingFor = next;
        status.set(next);
      }
    }
    backlog.shown();
  };
  const onEvent = (): void => backlog.emitted();
  try {
    const agent = state.harness.agent;
    const label = taskLabel(task);
    const options = { signal: controller.signal, stopSignal: stopper.signal, onEvent, ...(label ? { label } : {}) };
    const events = state.sessionId ? agent.resumeStream(state.sessionId, { ...options, task }) : agent.stream(task, options);
    for await (const event of events) observe(event);
  } catch (error) {
    status.stop();
    const { reportError } = await import('../cli/error-report.js');
    ctx.io.stderr.write(reportError(error, state.t, style, ctx.options.debug === true).text);
  } finally {
    status.stop();
    renderer.flush();
    state.running = undefined;
    state.stopping = undefined;
    state.renderer = undefined;
    state.waitingFor = undefined;
    backlog.reset();
  }
  const { harness } = state;
  if (state.sessionId) await recordWorkspace(harness.store, state.sessionId, { workdir: harness.workdir, ...(harness.auditFile ? { auditFile: harness.auditFile } : {}) });
  if (state.harness.compacting) state.harness = await state.harness.with({ compactNow: false });
}
