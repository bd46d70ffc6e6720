import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from './jsonl-frame.js';

const frame = { seq: 3, ver: 2, i: 0, n: 1, id: 'rec-1', op: 'op-1', ts: 1767225600000, payload: '{"type":"meta","text":"a,\\"rec\\":b"}' };

describe('JSONL frames', () => {
  it('round-trips a record, keeping the payload bytes exactly', () => {
    const line = encodeFrame(frame);
    expect(line.endsWith('}\n')).toBe(true);
    const decoded = decodeFrame(line.slice(0, -1));
    expect(decoded).toEqual({ ok: true, frame: { ...frame, v: 1, sum: expect.stringMatching(/^[0-9a-f]{16}$/) } });
  });

  it('round-trips an empty-append marker', () => {
    const line = encodeFrame({ seq: 4, ver: 3, i: 0, n: 0, id: '', ts: 1, payload: '' });
    expect(line).not.toContain('"rec"');
    expect(decodeFrame(line.slice(0, -1))).toMatchObject({ ok: true, frame: { n: 0, payload: '' } });
  });

  it('refuses a line that still parses as JSON but was altered', () => {
    const line = encodeFrame(frame).slice(0, -1);
    const altered = line.replace('"meta"', '"mete"');
    expect(() => {
      JSON.parse(altered);
    }).not.toThrow();
    expect(decodeFrame(altered)).toEqual({ ok: false, reason: 'checksum mismatch' });
    expect(decodeFrame(line.replace('"seq":3', '"seq":4'))).toEqual({ ok: false, reason: 'checksum mismatch' });
  });

  it('refuses torn, foreign and future lines', () => {
    const line = encodeFrame(frame).slice(0, -1);
    expect(decodeFrame(line.slice(0, 50))).toMatchObject({ ok: false });
    expect(decodeFrame(line.slice(0, -2))).toEqual({ ok: false, reason: 'truncated record' });
    expect(decodeFrame(line.slice(0, -1))).toEqual({ ok: false, reason: 'checksum mismatch' });
    expect(decodeFrame('{"role":"user"}')).toEqual({ ok: false, reason: 'not a framed record' });
    expect(decodeFrame(line.replace('{"v":1', '{"v":2'))).toEqual({ ok: false, reason: 'unknown format version 2' });
  });
});
