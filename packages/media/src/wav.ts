import { mediaError } from './coded-errors.js';

// RIFF/WAVE, read and written for real on bytes: the format speech vendors all take and return,
// and the one a round trip can check offline sample for sample.

/** Decoded PCM: interleaved 16-bit samples (other depths are converted on decode). */
export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved: frame i, channel c is `samples[i * channels + c]`. */
  samples: Int16Array;
}

export interface DecodedWav extends PcmAudio {
  /** The file's own sample depth before conversion (8, 16, 24 or 32). */
  bitsPerSample: number;
  /** 1 (integer PCM) or 3 (IEEE float). */
  format: 1 | 3;
  durationMs: number;
}

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;
/** Default ceiling for decoding: 50 MiB (about 9 minutes of 16-bit stereo at 48 kHz). */
export const DEFAULT_MAX_WAV_BYTES = 50 * 1024 * 1024;

function invalid(message: string): never {
  throw mediaError('media.invalid_audio', { message, hint: 'Send a RIFF/WAVE file with integer or float PCM.' });
}

/** A WAV file (44-byte canonical header, 16-bit PCM) holding `audio`. */
export function encodeWav(audio: PcmAudio): Uint8Array {
  const { sampleRate, channels, samples } = audio;
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 384_000) invalid(`sample rate ${sampleRate} is not a valid rate`);
  if (!Number.isInteger(channels) || channels < 1 || channels > 16) invalid(`${channels} channels is not a valid channel count`);
  if (samples.length % channels !== 0) invalid(`${samples.length} samples do not divide into ${channels} channels`);
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  writeAscii(out, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(out, 8, 'WAVE');
  writeAscii(out, 12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  writeAscii(out, 36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i += 1) view.setInt16(44 + i * 2, samples[i] ?? 0, true);
  return out;
}

/** Reads a WAV file: walks its chunks (skipping LIST and others), converts 8/24/32-bit and float to 16-bit. */
export function decodeWav(bytes: Uint8Array, options: { maxBytes?: number } = {}): DecodedWav {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_WAV_BYTES;
  if (bytes.length > maxBytes) invalid(`the audio is ${bytes.length} bytes, over the ${maxBytes}-byte limit`);
  if (bytes.length < 12 || readAscii(bytes, 0, 4) !== 'RIFF' || readAscii(bytes, 8, 4) !== 'WAVE') invalid('the audio is not a RIFF/WAVE file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; sampleRate: number; bits: number; blockAlign: number } | undefined;
  let data: Uint8Array | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = readAscii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const start = at + 8;
    const end = Math.min(start + size, bytes.length);
    if (id === 'fmt ') {
      if (size < 16 || end - start < 16) invalid('the fmt chunk is too short (the file is cut)');
      let format = view.getUint16(start, true);
      if (format === EXTENSIBLE && size >= 40 && end - start >= 26) format = view.getUint16(start + 24, true);
      fmt = { format, channels: view.getUint16(start + 2, true), sampleRate: view.getUint32(start + 4, true), blockAlign: view.getUint16(start + 12, true), bits: view.getUint16(start + 14, true) };
    } else if (id === 'data') {
      data = bytes.subarray(start, end);
    }
    at = start + size + (size % 2);
  }
  if (!fmt) invalid('the WAV file has no fmt chunk');
  if (!data) invalid('the WAV file has no data chunk');
  const { format, channels, sampleRate, bits } = fmt;
  if (channels < 1 || sampleRate < 1) invalid(`the fmt chunk says ${channels} channels at ${sampleRate} Hz`);
  if (!(format === PCM && [8, 16, 24, 32].includes(bits)) && !(format === FLOAT && bits === 32)) invalid(`WAV format ${format} with ${bits}-bit samples is not supported (integer PCM 8/16/24/32-bit or 32-bit float)`);
  const width = bits / 8;
  const frames = Math.floor(data.length / (width * channels));
  const count = frames * channels;
  const samples = new Int16Array(count);
  const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < count; i += 1) {
    const o = i * width;
    if (format === FLOAT) samples[i] = clamp16(Math.round(d.getFloat32(o, true) * 32767));
    else if (bits === 8) samples[i] = ((d.getUint8(o) - 128) << 8);
    else if (bits === 16) samples[i] = d.getInt16(o, true);
    else if (bits === 24) samples[i] = (((d.getUint8(o + 2) << 24) | (d.getUint8(o + 1) << 16) | (d.getUint8(o) << 8)) >> 16);
    else samples[i] = d.getInt32(o, true) >> 16;
  }
  return { sampleRate, channels, samples, bitsPerSample: bits, format: format === FLOAT ? 3 : 1, durationMs: Math.round((frames / sampleRate) * 1000) };
}

/** A sine tone as PCM (mono): real audio for tests, examples and fake servers. */
export function sineWave(options: { frequencyHz: number; durationMs: number; sampleRate?: number; amplitude?: number }): PcmAudio {
  const sampleRate = options.sampleRate ?? 16_000;
  const amplitude = Math.min(1, Math.max(0, options.amplitude ?? 0.5));
  const frames = Math.round((options.durationMs / 1000) * sampleRate);
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i += 1) samples[i] = Math.round(Math.sin((2 * Math.PI * options.frequencyHz * i) / sampleRate) * amplitude * 32767);
  return { sampleRate, channels: 1, samples };
}

function clamp16(v: number): number {
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}

function writeAscii(out: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i += 1) out[at + i] = text.charCodeAt(i);
}

function readAscii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}
