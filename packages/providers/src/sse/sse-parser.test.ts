import { describe, expect, it } from 'vitest';
import { SseParser, parseSse, type SseEvent } from './sse-parser.js';

function parseInPieces(bytes: Uint8Array, cuts: number[]): SseEvent[] {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(bytes.subarray(from, cut)));
    from = cut;
  }
  events.push(...parser.end());
  return events;
}

describe('SseParser', () => {
  it('parses events, names, ids, retry, comments and multi-line data', () => {
    const parser = new SseParser();
    const events = parser.push(': keep-alive\n\nevent: ping\ndata: {}\n\nid: 7\nretry: 1500\ndata: line one\ndata:line two\n\n');
    expect(events).toEqual([
      { event: 'ping', data: '{}' },
      { event: 'message', data: 'line one\nline two', id: '7', retry: 1500 },
    ]);
  });

  it('gives the same events at every byte split, CRLF and multi-byte UTF-8 included', () => {
    const text = 'event: a\r\ndata: Grüße 👋 日本\r\n\r\ndata: ✓ done\r\rdata: last\n\n';
    const bytes = new TextEncoder().encode(text);
    const whole = parseInPieces(bytes, []);
    expect(whole).toEqual([
      { event: 'a', data: 'Grüße 👋 日本' },
      { event: 'message', data: '✓ done' },
      { event: 'message', data: 'last' },
    ]);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parseInPieces(bytes, [cut])).toEqual(whole);
    }
    const everyByte = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1);
    expect(parseInPieces(bytes, everyByte)).toEqual(whole);
  });

  it('dispatches a last complete event without its blank line, but drops one cut mid-line', () => {
    const complete = new SseParser();
    expect(complete.push('data: [DONE]\n')).toEqual([]);
    expect(complete.end()).toEqual([{ event: 'message', data: '[DONE]' }]);
    const cut = new SseParser();
    expect(cut.push('data: {"choi')).toEqual([]);
    expect(cut.end()).toEqual([]);
  });

  it('strips a leading byte-order mark and ignores events without data', () => {
    const parser = new SseParser();
    expect(parser.push('\uFEFFevent: empty\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('parses an async byte stream', async () => {
    async function* source(): AsyncGenerator<Uint8Array> {
      const bytes = new TextEncoder().encode('data: 1\n\ndata: 2\n\n');
      for (const byte of bytes) yield Uint8Array.of(byte);
    }
    const out: string[] = [];
    for await (const event of parseSse(source())) out.push(event.data);
    expect(out).toEqual(['1', '2']);
  });
});
