import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadAwsDeps } from './aws-deps.js';
import { EventStreamDecoder } from './event-stream-decoder.js';

/** An event-stream message built by hand from the spec (not by the codec under test): prelude, CRCs, string headers. */
function handFrame(headers: Record<string, string>, payload: string): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const n = Buffer.from(name, 'utf8');
      const v = Buffer.from(value, 'utf8');
      const out = Buffer.alloc(1 + n.length + 1 + 2 + v.length);
      out.writeUInt8(n.length, 0);
      n.copy(out, 1);
      out.writeUInt8(7, 1 + n.length); // type 7: string
      out.writeUInt16BE(v.length, 2 + n.length);
      v.copy(out, 4 + n.length);
      return out;
    }),
  );
  const body = Buffer.from(payload, 'utf8');
  const total = 12 + headerBytes.length + body.length + 4;
  const prelude = Buffer.alloc(8);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  const preludeCrc = Buffer.alloc(4);
  preludeCrc.writeUInt32BE(crc32(prelude), 0);
  const withoutCrc = Buffer.concat([prelude, preludeCrc, headerBytes, body]);
  const messageCrc = Buffer.alloc(4);
  messageCrc.writeUInt32BE(crc32(withoutCrc), 0);
  return Buffer.concat([withoutCrc, messageCrc]);
}

const decoder = () => new EventStreamDecoder('bedrock', loadAwsDeps('bedrock').createCodec());
const event = (type: string, data: unknown) => handFrame({ ':message-type': 'event', ':event-type': type, ':content-type': 'application/json' }, JSON.stringify(data));

describe('EventStreamDecoder', () => {
  it('decodes hand-built frames fed one byte at a time, in order', () => {
    const bytes = Buffer.concat([event('messageStart', { role: 'assistant' }), event('contentBlockDelta', { delta: { text: 'Zürich 👋' } })]);
    const d = decoder();
    const events = [];
    for (const byte of bytes) events.push(...d.push(Uint8Array.of(byte)));
    expect(events).toEqual([
      { event: 'event:messageStart', data: '{"role":"assistant"}' },
      { event: 'event:contentBlockDelta', data: '{"delta":{"text":"Zürich 👋"}}' },
    ]);
    expect(d.end()).toEqual([]);
  });

  it('names exceptions and errors by their headers', () => {
    const d = decoder();
    const exception = handFrame({ ':message-type': 'exception', ':exception-type': 'throttlingException' }, '{"message":"slow"}');
    const error = handFrame({ ':message-type': 'error', ':error-code': 'InternalFailure', ':error-message': 'boom' }, '');
    expect(d.push(Buffer.concat([exception, error]))).toEqual([
      { event: 'exception:throttlingException', data: '{"message":"slow"}' },
      { event: 'error:InternalFailure', data: '{"message":"boom"}' },
    ]);
  });

  it.each([
    ['the prelude CRC', 9],
    ['a header byte', 14],
    ['the payload', -6],
    ['the message CRC', -1],
  ])('rejects a frame with a flipped bit in %s as provider.bad_response', (_where, offset) => {
    const bytes = event('messageStop', { stopReason: 'end_turn' });
    const at = offset < 0 ? bytes.length + offset : offset;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    expect(() => decoder().push(bytes)).toThrow(expect.objectContaining({ code: 'provider.bad_response' }));
  });

  it('rejects an absurd length at once and keeps a partial frame until it completes', () => {
    const huge = Buffer.alloc(16);
    huge.writeUInt32BE(0xfffffff0, 0);
    expect(() => decoder().push(huge)).toThrow(expect.objectContaining({ code: 'provider.bad_response' }));
    const bytes = event('metadata', { usage: { inputTokens: 1 } });
    const d = decoder();
    expect(d.push(bytes.subarray(0, 10))).toEqual([]);
    expect(d.push(bytes.subarray(10))).toHaveLength(1);
  });
});
