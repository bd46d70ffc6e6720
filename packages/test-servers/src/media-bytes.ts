// Real media bytes for the fake media servers: a PNG writer, a WAV writer/reader (the text a fake
// TTS "said" travels in a LIST/INFO chunk, so a fake STT can hear it back) and a multipart reader.
import { deflateSync } from 'node:zlib';

const CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A real `size`×`size` RGB PNG of one colour. */
export function pngBytes(rgb: readonly [number, number, number] = [40, 120, 200], size = 8): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y += 1) for (let x = 0; x < size; x += 1) raw.set(rgb, y * (size * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 16-bit mono WAV of a tone, `ms` long, with `text` in a LIST/INFO `ICMT` chunk before the data. */
export function wavBytes(text: string, ms = 200, sampleRate = 16_000): Buffer {
  const frames = Math.round((ms / 1000) * sampleRate);
  const data = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i += 1) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12000), i * 2);
  const comment = Buffer.from(`${text}\0`, 'utf8');
  const pad = comment.length % 2;
  const info = Buffer.concat([Buffer.from('INFOICMT', 'ascii'), u32(comment.length), comment, Buffer.alloc(pad)]);
  const list = Buffer.concat([Buffer.from('LIST', 'ascii'), u32(info.length), info]);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE(sampleRate * 2, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), fmt, list, Buffer.from('data', 'ascii'), u32(data.length), data]);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), u32(body.length), body]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
}

/** What a WAV says: its `ICMT` text if any, its sample count and rate; undefined for non-WAV bytes. */
export function readWav(bytes: Buffer): { text: string | undefined; frames: number; sampleRate: number } | undefined {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return undefined;
  let text: string | undefined;
  let frames = 0;
  let sampleRate = 0;
  let blockAlign = 2;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const start = at + 8;
    if (id === 'fmt ') {
      sampleRate = bytes.readUInt32LE(start + 4);
      blockAlign = bytes.readUInt16LE(start + 12);
    } else if (id === 'data') frames = Math.floor(Math.min(size, bytes.length - start) / blockAlign);
    else if (id === 'LIST' && bytes.toString('ascii', start, start + 4) === 'INFO') {
      for (let sub = start + 4; sub + 8 <= start + size; ) {
        const subId = bytes.toString('ascii', sub, sub + 4);
        const subSize = bytes.readUInt32LE(sub + 4);
        if (subId === 'ICMT') text = bytes.toString('utf8', sub + 8, sub + 8 + subSize).replace(/\0+$/, '');
        sub += 8 + subSize + (subSize % 2);
      }
    }
    at = start + size + (size % 2);
  }
  return { text, frames, sampleRate };
}

/** The parts of a `multipart/form-data` body: text fields and files (bytes kept exact). */
export function readMultipart(body: Buffer, contentType: string | undefined): Map<string, { filename?: string; type?: string; bytes: Buffer }[]> {
  const out = new Map<string, { filename?: string; type?: string; bytes: Buffer }[]>();
  const boundary = /boundary=([^;]+)/.exec(contentType ?? '')?.[1];
  if (!boundary) return out;
  const marker = Buffer.from(`--${boundary}`);
  let at = body.indexOf(marker);
  while (at >= 0) {
    const next = body.indexOf(marker, at + marker.length);
    if (next < 0) break;
    const part = body.subarray(at + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    const list = out.get(name) ?? [];
    list.push({ ...(filename !== undefined ? { filename } : {}), ...(type !== undefined ? { type } : {}), bytes: part.subarray(split + 4) });
    out.set(name, list);
    at = next;
  }
  return out;
}
