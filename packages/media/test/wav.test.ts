import { describe, expect, it } from 'vitest';
import { wavBytes } from '@warden/test-servers';
import { decodeWav, encodeWav, sineWave, sniffAudio } from '../src/index.js';

// The WAV codec on real bytes: what is written is read back sample for sample, offline.
describe('WAV encode/decode', () => {
  it('round-trips a stereo tone exactly, with the canonical 44-byte header', () => {
    const mono = sineWave({ frequencyHz: 440, durationMs: 250, sampleRate: 22_050 });
    const samples = new Int16Array(mono.samples.length * 2);
    mono.samples.forEach((s, i) => {
      samples[i * 2] = s;
      samples[i * 2 + 1] = -s;
    });
    const bytes = encodeWav({ sampleRate: 22_050, channels: 2, samples });
    expect(bytes.length).toBe(44 + samples.length * 2);
    expect(sniffAudio(bytes)).toBe('audio/wav');
    expect(Buffer.from(bytes.subarray(0, 4)).toString('ascii')).toBe('RIFF');
    const decoded = decodeWav(bytes);
    expect(decoded).toMatchObject({ sampleRate: 22_050, channels: 2, bitsPerSample: 16, format: 1, durationMs: 250 });
    expect(Buffer.compare(Buffer.from(decoded.samples.buffer), Buffer.from(samples.buffer))).toBe(0);
    // And back again: the same bytes.
    expect(Buffer.compare(Buffer.from(encodeWav(decoded)), Buffer.from(bytes))).toBe(0);
  });

  it('walks past LIST chunks (as vendors write them) and reads 8-bit, 24-bit and float files', () => {
    const withList = decodeWav(new Uint8Array(wavBytes('hello there', 100)));
    expect(withList).toMatchObject({ sampleRate: 16_000, channels: 1, durationMs: 100 });
    expect(Math.max(...withList.samples)).toBeGreaterThan(11_000);

    const make = (format: number, bits: number, write: (view: DataView, at: number, i: number) => void, frames: number): Uint8Array => {
      const width = bits / 8;
      const out = new Uint8Array(44 + frames * width);
      const view = new DataView(out.buffer);
      out.set(Buffer.from('RIFF'), 0);
      view.setUint32(4, 36 + frames * width, true);
      out.set(Buffer.from('WAVEfmt '), 8);
      view.setUint32(16, 16, true);
      view.setUint16(20, format, true);
      view.setUint16(22, 1, true);
      view.setUint32(24, 8000, true);
      view.setUint32(28, 8000 * width, true);
      view.setUint16(32, width, true);
      view.setUint16(34, bits, true);
      out.set(Buffer.from('data'), 36);
      view.setUint32(40, frames * width, true);
      for (let i = 0; i < frames; i += 1) write(view, 44 + i * width, i);
      return out;
    };
    expect([...decodeWav(make(1, 8, (v, at, i) => v.setUint8(at, i === 0 ? 128 : 255), 2)).samples]).toEqual([0, 32512]);
    expect([...decodeWav(make(3, 32, (v, at, i) => v.setFloat32(at, i === 0 ? 0.5 : -1, true), 2)).samples]).toEqual([16384, -32767]);
    const s24 = decodeWav(make(1, 24, (v, at) => (v.setUint8(at, 0), v.setUint8(at + 1, 0x00), v.setUint8(at + 2, 0x40)), 1));
    expect(s24.bitsPerSample).toBe(24);
    expect([...s24.samples]).toEqual([0x4000]);
  });

  it('refuses what is not a WAV, a cut header, an unknown format and an oversized file', () => {
    expect(() => decodeWav(new TextEncoder().encode('<!DOCTYPE html><html></html>'))).toThrow(expect.objectContaining({ code: 'media.invalid_audio' }));
    const good = encodeWav(sineWave({ frequencyHz: 200, durationMs: 10 }));
    expect(() => decodeWav(good.subarray(0, 20))).toThrow(/no fmt chunk|too short/);
    const alaw = new Uint8Array(good);
    new DataView(alaw.buffer).setUint16(20, 6, true);
    expect(() => decodeWav(alaw)).toThrow(/format 6/);
    expect(() => decodeWav(good, { maxBytes: 10 })).toThrow(/over the 10-byte limit/);
    expect(() => encodeWav({ sampleRate: 8000, channels: 2, samples: new Int16Array(3) })).toThrow(expect.objectContaining({ code: 'media.invalid_audio' }));
  });
});
