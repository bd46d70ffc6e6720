/**
 * A cool-down shared by every call of one transport: when the vendor says "wait" (a 429), the
 * calls running beside the one that was told wait too instead of hammering the limit. Each call
 * remembers the deadline it has already waited for, so the call that set it does not wait twice.
 */
export class CoolDown {
  private until = 0;

  /** The vendor asked to wait until `deadline` (ms on the transport's clock). */
  note(deadline: number): void {
    if (deadline > this.until) this.until = deadline;
  }

  get deadline(): number {
    return this.until;
  }

  /** How long a call that has honoured everything up to `covered` must still wait at `now`. */
  remaining(now: number, covered: number): number {
    if (this.until <= covered) return 0;
    return Math.max(0, this.until - now);
  }
}
