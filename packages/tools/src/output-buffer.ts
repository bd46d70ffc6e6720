/**
 * Keeps the first and last `maxBytes / 2` bytes of a stream of chunks, so a
 * chatty command cannot exhaust memory and both its start and its final
 * errors survive.
 */
export class OutputBuffer {
  private readonly half: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  total = 0;

  constructor(maxBytes: number) {
    this.half = Math.max(1, Math.floor(maxBytes / 2));
  }

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.half) {
      const take = rest.subarray(0, this.half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      rest = rest.subarray(take.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    while (this.tailBytes > this.half && this.tail.length > 0) {
      const first = this.tail[0] as Buffer;
      const excess = this.tailBytes - this.half;
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

  /** The kept text, with a marker where the middle was dropped. */
  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    if (!this.truncated) return head + tail;
    const dropped = this.total - this.headBytes - this.tailBytes;
    return `${head}\n[... ${dropped} bytes of output truncated (${this.total} bytes in all) ...]\n${tail}`;
  }
}
