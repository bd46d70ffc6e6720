import { randomUUID } from 'node:crypto';
import { createHarness, type Harness, type HarnessOptions } from '@warden/harness';
import type { Owner, RunEvent } from '@warden/protocol';
import { forkSession, type SessionFork } from './fork-session.js';

export interface ReplayOptions {
  /** Rebuild the conversation up to this model step (from 1) and go on from there. */
  step: number;
  /** A new task given to the agent at that point; without one, the model is asked again at `step` with the same history. */
  task?: string;
  /**
   * The harness the fork continues in: options (its session store is where the parent is read and
   * the fork written; `sessionId` is the fork's), or a function building it for the fork's session
   * id — e.g. a blueprint's `build(agent, { version, sessionId, … })` to replay with another version.
   */
  harness: Omit<HarnessOptions, 'sessionId'> | ((sessionId: string) => Promise<Harness>);
  /** Load the parent as this owner (default: the harness's owner). */
  owner?: Owner;
  /** The fork's session id (default: a fresh random id). */
  forkId?: string;
  onEvent?: (event: RunEvent) => void;
  signal?: AbortSignal;
}

export interface ReplayResult {
  fork: SessionFork;
  result: Awaited<ReturnType<Harness['run']>>;
}

/**
 * Replays a stored run from step `step` as a fork: the session is copied up to that step (tool
 * results of earlier steps are reused from the record, never executed again), then the run goes
 * on live — with `task` as a new user turn, or by asking the model again. The parent is untouched;
 * the fork's first record points at it (`forkOf`).
 */
export async function replay(sessionId: string, options: ReplayOptions): Promise<ReplayResult> {
  const forkId = options.forkId ?? randomUUID();
  const given = options.harness;
  const harness = typeof given === 'function' ? await given(forkId) : await createHarness({ ...given, sessionId: forkId });
  try {
    const owner = options.owner ?? (typeof given === 'function' ? undefined : given.owner);
    const fork = await forkSession(harness.store, sessionId, { step: options.step, forkId, ...(owner ? { owner } : {}) });
    const runOptions = { ...(options.onEvent ? { onEvent: options.onEvent } : {}), ...(options.signal ? { signal: options.signal } : {}) };
    const result = options.task !== undefined ? await harness.run(options.task, runOptions) : await harness.resume(fork.forkId, runOptions);
    return { fork, result };
  } finally {
    if (typeof given !== 'function') await harness.close();
  }
}
