import { charsFromEndWithinBytes, charsWithinBytes, headOf, REDACTION_MARGIN, tailOf, type Redact } from './redaction-cut.js';

/**
 * Keeps the first and last `maxBytes / 2` bytes of a stream of chunks, so a
 * chatty command cannot exhaust memory and both its start and its final
 * errors survive. With `redact`, each end is kept with `REDACTION_MARGIN`
 * bytes to spare and redacted before it is cut, so a secret straddling a cut
 * is recognised whole and no piece of it survives.
 */
export class OutputBuffer {
  private readonly half: number;
  private readonly keep: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  total = 0;

  constructor(
    maxBytes: number,
    private readonly redact?: Redact,
  ) {
    this.half = Math.max(1, Math.floor(maxBytes / 2));
    this.keep = this.half + (redact ? REDACTION_MARGIN : 0);
  }

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.keep) {
      const take = rest.subarray(0, this.keep - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      rest = rest.subarray(take.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    while (this.tailBytes > this.keep && this.tail.length > 0) {
      const first = this.tail[0] as Buffer;
      const excess = this.tailBytes - this.keep;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }

  get truncated(): boolean {
    return this.total > this.headBytes + this.tailBytes;
  }

  /** The kept text, with a marker where the middle was dropped (redacted first, when redacting). */
  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    if (this.redact) return this.redactedText(head, tail);
    if (!this.truncated) return head + tail;
    const dropped = this.total - this.headBytes - this.tailBytes;
    return `${head}\n[... ${dropped} bytes of output truncated (${this.total} bytes in all) ...]\n${tail}`;
  }

  private redactedText(head: string, tail: string): string {
    const redact = this.redact as Redact;
    let first: string;
    let last: string;
    if (!this.truncated) {
      // Everything was kept: redact it whole, then cut the middle of the redacted text if needed.
      const whole = redact(head + tail);
      if (Buffer.byteLength(whole) <= 2 * this.half) return whole;
      first = headOf(whole, charsWithinBytes(whole, this.half), false);
      last = tailOf(whole, charsFromEndWithinBytes(whole, this.half), false);
    } else {
      const h = redact(head);
      const t = redact(tail);
      first = headOf(h, charsWithinBytes(h, this.half), true);
      last = tailOf(t, charsFromEndWithinBytes(t, this.half), true);
    }
    const dropped = Math.max(0, this.total - Buffer.byteLength(first) - Buffer.byteLength(last));
    return `${first}\n[... about ${dropped} bytes of output truncated (${this.total} bytes in all) ...]\n${last}`;
  }
}
