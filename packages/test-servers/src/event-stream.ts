// AWS event-stream framing (Bedrock's ConverseStream wire format) and a reply that streams it.
import { EventStreamCodec } from '@smithy/core/event-streams';
import { writeSlices, type Reply, type SliceOptions } from './vendor-server.js';

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/** One event-stream message: an event, or an exception. */
export function frame(kind: 'event' | 'exception', type: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: {
      ':message-type': { type: 'string', value: kind },
      [kind === 'event' ? ':event-type' : ':exception-type']: { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: new TextEncoder().encode(JSON.stringify(payload)),
  });
}

/** Streams event-stream bytes in slices through `writeSlices`; `cutAfterBytes` drops the connection there. */
export function eventStreamReply(bytes: Uint8Array, options: Omit<SliceOptions, 'keepOpen'> = {}): Reply {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'aws-req-stream' });
    res.flushHeaders();
    await writeSlices(res, bytes, options);
  };
}
