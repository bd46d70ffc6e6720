/**
 * A claim on the server's capacity, taken by the HTTP layer before a send reaches the SDK (so a
 * full server answers 429 before any task exists) and turned into a run slot by the executor.
 */
export interface AdmissionTicket {
  /** True once the executor took the ticket over (the HTTP request no longer releases it). */
  readonly claimed: boolean;
  /** Marks the ticket as the executor's. */
  claim(): void;
  /**
   * Waits for a run slot and for the conversation to be free (FIFO among the waiting);
   * `onQueued` hears the place in line while it waits. Resolves a reason when the server shuts down
   * or `signal` aborts first (a task canceled while it waits).
   */
  start(sessionId: string, onQueued: (ahead: number) => void, signal?: AbortSignal): Promise<string | undefined>;
  /** Gives the capacity back (idempotent). */
  release(): void;
}

export interface Admission {
  /** A ticket, or `undefined` when runs and the queue are full (or the server is shutting down). */
  reserve(): AdmissionTicket | undefined;
  readonly running: number;
  readonly queued: number;
  /** Wakes every waiting ticket with the shutdown reason. */
  shutdown(): void;
}

/**
 * Runs at once are bounded by `maxRuns`; up to `maxQueue` more wait in line; beyond that nothing
 * is admitted. One conversation (session) runs one task at a time: its next task waits its turn.
 */
export function createAdmission(maxRuns: number, maxQueue: number): Admission {
  let held = 0;
  let running = 0;
  let closed = false;
  const busy = new Set<string>();
  const waiting: Array<{ sessionId: string; wake: (reason?: string) => void; tell: (ahead: number) => void }> = [];

  function pump(): void {
    for (let i = 0; i < waiting.length && running < maxRuns; ) {
      const next = waiting[i]!;
      if (busy.has(next.sessionId)) {
        i += 1;
        continue;
      }
      waiting.splice(i, 1);
      running += 1;
      busy.add(next.sessionId);
      next.wake();
    }
    waiting.forEach((entry, ahead) => entry.tell(ahead));
  }

  return {
    get running() {
      return running;
    },
    get queued() {
      return Math.max(0, held - running);
    },
    shutdown() {
      closed = true;
      for (const entry of waiting.splice(0)) entry.wake('the server is shutting down');
    },
    reserve() {
      if (closed || held >= maxRuns + maxQueue) return undefined;
      held += 1;
      let state: 'reserved' | 'waiting' | 'running' | 'done' = 'reserved';
      let claimed = false;
      let session = '';
      let entry: (typeof waiting)[number] | undefined;
      const ticket: AdmissionTicket = {
        get claimed() {
          return claimed;
        },
        claim() {
          claimed = true;
        },
        start(sessionId, onQueued, signal) {
          if (state !== 'reserved') return Promise.resolve('the ticket was already used');
          if (closed) return Promise.resolve('the server is shutting down');
          session = sessionId;
          state = 'waiting';
          let told = -1;
          return new Promise<string | undefined>((resolve) => {
            entry = {
              sessionId,
              tell: (ahead) => {
                if (ahead !== told) onQueued((told = ahead));
              },
              wake: (reason) => {
                entry = undefined;
                if (reason === undefined) state = 'running';
                resolve(reason);
              },
            };
            waiting.push(entry);
            signal?.addEventListener(
              'abort',
              () => {
                const mine = entry;
                if (!mine) return;
                waiting.splice(waiting.indexOf(mine), 1);
                mine.wake('the task was canceled while it waited');
                pump();
              },
              { once: true },
            );
            pump();
          });
        },
        release() {
          if (state === 'done') return;
          if (state === 'running') {
            running -= 1;
            busy.delete(session);
          }
          if (entry) {
            const at = waiting.indexOf(entry);
            if (at >= 0) waiting.splice(at, 1);
          }
          state = 'done';
          held -= 1;
          pump();
        },
      };
      return ticket;
    },
  };
}
