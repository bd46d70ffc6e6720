import { StringDecoder } from 'node:string_decoder';

/** One Server-Sent Event, as the WHATWG EventSource algorithm dispatches it. */
export interface SseEvent {
  /** The `event:` field; `message` when the server sent none. */
  event: string;
  /** Every `data:` line of the event, joined with `\n`. */
  data: string;
  id?: string;
  retry?: number;
}

/**
 * An incremental Server-Sent Events parser. Feed it bytes as they arrive, in
 * chunks of any size: lines split across chunks, `\r\n` split between two
 * chunks and multi-byte UTF-8 characters cut in half are all reassembled.
 */
export class SseParser {
  // A StringDecoder, not a TextDecoder: same UTF-8 handling (split characters kept for the
  // next chunk, invalid bytes as U+FFFD), but about a microsecond cheaper to create, per stream.
  private readonly decoder = new StringDecoder('utf8');
  private buffer = '';
  private skipLeadingLf = false;
  private bomChecked = false;
  private eventType = '';
  private data = '';
  private lastId: string | undefined;
  private retry: number | undefined;
  private sawData = false;

  /** Feeds bytes (or already-decoded text) and returns the events they completed. */
  push(chunk: Uint8Array | string): SseEvent[] {
    const text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    return this.consume(text, false);
  }

  /**
   * Flushes the end of the stream. An event whose last line was complete but
   * lacked its blank line is dispatched; one cut in the middle of a line is not.
   */
  end(): SseEvent[] {
    const rest = this.decoder.end();
    return this.consume(rest, true);
  }

  private consume(text: string, final: boolean): SseEvent[] {
    let input = text;
    if (!this.bomChecked && input.length > 0) {
      this.bomChecked = true;
      if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
    }
    if (this.skipLeadingLf && input.length > 0) {
      this.skipLeadingLf = false;
      if (input.charCodeAt(0) === 10) input = input.slice(1);
    }
    const buffer = this.buffer.length > 0 ? this.buffer + input : input;
    const events: SseEvent[] = [];
    let start = 0;
    const length = buffer.length;
    let lookForCr = buffer.indexOf('\r') !== -1;
    let cr = -1;
    while (start < length) {
      const lf = buffer.indexOf('\n', start);
      if (lookForCr && cr < start) {
        cr = buffer.indexOf('\r', start);
        if (cr === -1) lookForCr = false;
      }
      const useCr = lookForCr && cr !== -1 && (lf === -1 || cr < lf);
      const end = useCr ? cr : lf;
      if (end === -1) break;
      this.line(buffer.slice(start, end), events);
      if (!useCr) {
        start = end + 1;
      } else if (end + 1 < length) {
        start = buffer.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      } else {
        this.skipLeadingLf = true;
        start = end + 1;
      }
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    if (final) {
      if (this.buffer.length > 0) {
        // The stream was cut mid-line: that event is incomplete and is discarded.
        this.eventType = '';
        this.data = '';
        this.sawData = false;
      } else {
        this.line('', events);
      }
      this.buffer = '';
    }
    return events;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line.length === 0) {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' comment
    const colon = line.indexOf(':');
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    }
    switch (field) {
      case 'data':
        this.data = this.sawData ? `${this.data}\n${value}` : value;
        this.sawData = true;
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    if (!this.sawData) {
      this.eventType = '';
      return;
    }
    const event: SseEvent = { event: this.eventType || 'message', data: this.data };
    if (this.lastId !== undefined) event.id = this.lastId;
    if (this.retry !== undefined) event.retry = this.retry;
    events.push(event);
    this.eventType = '';
    this.data = '';
    this.sawData = false;
  }
}

/** Parses a byte stream (an undici body, a file stream) into events as they complete. */
export async function* parseSse(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<SseEvent> {
  const parser = new SseParser();
  for await (const chunk of source) {
    const events = parser.push(chunk);
    for (const event of events) yield event;
  }
  for (const event of parser.end()) yield event;
}
