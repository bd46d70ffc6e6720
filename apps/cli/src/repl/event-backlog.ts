/**
 * Counts a run's events as the run emits them (its `onEvent`) and as the terminal shows them, so
 * a question can wait until everything said before it — the header, the assistant's text, the
 * call's own line — is on the screen.
 */
export class EventBacklog {
  private emittedCount = 0;
  private shownCount = 0;
  private waiters: Array<() => void> = [];

  emitted(): void {
    this.emittedCount += 1;
  }

  shown(): void {
    this.shownCount += 1;
    if (this.shownCount >= this.emittedCount) this.release();
  }

  /** Resolves once every event emitted so far has been shown (or the signal aborts). */
  caughtUp(signal: AbortSignal): Promise<void> {
    if (this.shownCount >= this.emittedCount || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        signal.removeEventListener('abort', done);
        resolve();
      };
      signal.addEventListener('abort', done, { once: true });
      this.waiters.push(done);
    });
  }

  /** A new run starts counting from zero. */
  reset(): void {
    this.emittedCount = 0;
    this.shownCount = 0;
    this.release();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
