/** What the watch can end: a response body still open after its stream's end marker. */
export interface Drainable {
  destroy(): void;
}

/**
 * Ends bodies that stay open too long after their stream's end marker. A
 * transport reads the rest of a finished stream (so the connection is kept),
 * which almost always takes microseconds; a server that keeps the body open
 * instead would hold the call until the idle timeout. One timer serves every
 * stream of the transport, armed only while something drains: a timer per
 * stream was a visible share of a streamed step.
 */
export class DrainWatch {
  private readonly deadlines = new Map<Drainable, number>();
  private timer: NodeJS.Timeout | undefined;
  private armed = false;

  constructor(
    private readonly graceMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  watch(body: Drainable): void {
    this.deadlines.set(body, this.now() + this.graceMs);
    if (!this.armed) this.arm(this.graceMs);
  }

  release(body: Drainable): void {
    this.deadlines.delete(body);
  }

  private arm(ms: number): void {
    this.armed = true;
    if (this.timer && ms === this.graceMs) {
      this.timer.refresh();
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.sweep(), ms);
    this.timer.unref();
  }

  private sweep(): void {
    this.armed = false;
    const now = this.now();
    let next = Infinity;
    for (const [body, deadline] of this.deadlines) {
      if (deadline <= now) {
        this.deadlines.delete(body);
        body.destroy();
      } else {
        next = Math.min(next, deadline);
      }
    }
    if (next !== Infinity) this.arm(Math.max(1, next - now));
  }
}
