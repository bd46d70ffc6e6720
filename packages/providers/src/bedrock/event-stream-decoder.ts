import { badResponse } from '../shared/guards.js';
import type { SseEvent } from '../sse/sse-parser.js';
import type { StreamDecoder } from '../transport/http-transport.js';
import type { EventStreamCodecLike, EventStreamMessage } from './aws-deps.js';

/** Prelude (total length, headers length, prelude CRC) plus the trailing message CRC. */
const MIN_MESSAGE_BYTES = 16;
/** AWS caps one event-stream message at 16 MiB; anything larger is a corrupt length. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

function header(message: EventStreamMessage, name: string): string | undefined {
  const value = message.headers[name]?.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Splits `application/vnd.amazon.eventstream` bytes into messages (each starts with its total
 * length, big-endian) however the chunks cut them, and decodes each with smithy's codec, which
 * checks the prelude and message CRC32s. Each message becomes an `SseEvent`: `event` is
 * `event:<:event-type>`, `exception:<:exception-type>` or `error:<:error-code>`, `data` the
 * payload text (for an `error` message, `{"message": <:error-message>}`). A corrupt frame is
 * `provider.bad_response`; bytes left over at the end (a cut frame) are dropped, so the reader
 * sees the stream end early.
 */
export class EventStreamDecoder implements StreamDecoder {
  private buffer: Uint8Array = new Uint8Array(0);
  private readonly text = new TextDecoder();

  constructor(
    private readonly provider: string,
    private readonly codec: EventStreamCodecLike,
  ) {}

  push(chunk: Uint8Array): SseEvent[] {
    this.buffer = this.buffer.length === 0 ? chunk : concat(this.buffer, chunk);
    const events: SseEvent[] = [];
    while (this.buffer.length >= 4) {
      const total = new DataView(this.buffer.buffer, this.buffer.byteOffset, 4).getUint32(0, false);
      if (total < MIN_MESSAGE_BYTES || total > MAX_MESSAGE_BYTES) throw badResponse(this.provider, `an event-stream message claims ${total} bytes`);
      if (this.buffer.length < total) break;
      const frame = this.buffer.subarray(0, total);
      this.buffer = this.buffer.subarray(total);
      events.push(this.toEvent(this.decode(frame)));
    }
    return events;
  }

  end(): SseEvent[] {
    this.buffer = new Uint8Array(0);
    return [];
  }

  private decode(frame: Uint8Array): EventStreamMessage {
    try {
      return this.codec.decode(frame);
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'undecodable';
      throw badResponse(this.provider, `an event-stream message is corrupt (${reason.slice(0, 120)})`);
    }
  }

  private toEvent(message: EventStreamMessage): SseEvent {
    const kind = header(message, ':message-type') ?? 'event';
    if (kind === 'error') {
      return { event: `error:${header(message, ':error-code') ?? 'unknown'}`, data: JSON.stringify({ message: header(message, ':error-message') ?? '' }) };
    }
    const name = kind === 'exception' ? header(message, ':exception-type') : header(message, ':event-type');
    return { event: `${kind}:${name ?? 'unknown'}`, data: this.text.decode(message.body) };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
