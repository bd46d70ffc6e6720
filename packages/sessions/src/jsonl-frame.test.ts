import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { tableCrc32, crc32Hex } from './crc32.js';
import { decodeFrame, encodeFrame, frameChecksum } from './jsonl-frame.js';

const frame = { seq: 3, ver: 2, i: 0, n: 1, id: 'rec-1', op: 'op-1', ts: 1767225600000, payload: '{"type":"meta","text":"a,\\"rec\\":b"}' };

describe('JSONL frames', () => {
  it('round-trips a record, keeping the payload bytes exactly', () => {
    const line = encodeFrame(frame);
    expect(line.endsWith('}\n')).toBe(true);
    const decoded = decodeFrame(line.slice(0, -1));
    expect(decoded).toEqual({ ok: true, frame: { ...frame, v: 2, sum: expect.stringMatching(/^[0-9a-f]{8}$/) } });
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
    expect(decodeFrame(line.replace('{"v":2', '{"v":3'))).toEqual({ ok: false, reason: 'unknown format version 3' });
  });

  it('still reads version-1 lines (SHA-256 checksum) and refuses them altered', () => {
    const v1 = { ...frame, v: 1 };
    const text = `1|3|2|0|1|rec-1|op-1|1767225600000|${frame.payload}`;
    expect(frameChecksum(v1)).toBe(createHash('sha256').update(text).digest('hex').slice(0, 16));
    const line = `{"v":1,"seq":3,"ver":2,"i":0,"n":1,"id":"rec-1","op":"op-1","ts":1767225600000,"sum":"${frameChecksum(v1)}","rec":${frame.payload}}`;
    expect(decodeFrame(line)).toEqual({ ok: true, frame: { ...v1, sum: frameChecksum(v1) } });
    expect(decodeFrame(line.replace('"meta"', '"mete"'))).toEqual({ ok: false, reason: 'checksum mismatch' });
    // A v1 line relabelled v2 is checked with CRC-32 and refused.
    expect(decodeFrame(line.replace('{"v":1', '{"v":2'))).toEqual({ ok: false, reason: 'checksum mismatch' });
  });

  it('computes the standard CRC-32, natively and with the table fallback', () => {
    // The check value of CRC-32/ISO-HDLC, and a non-ASCII string.
    expect(crc32Hex('123456789')).toBe('cbf43926');
    expect(tableCrc32('123456789').toString(16)).toBe('cbf43926');
    for (const text of ['', 'a', 'héllo wörld ✓', '{"rec":1}'.repeat(50)]) expect(tableCrc32(text).toString(16).padStart(8, '0')).toBe(crc32Hex(text));
  });
});
