import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

const SAMPLE_BYTES = 8192;
const CHUNK_BYTES = 64 * 1024;

/** A NUL byte or invalid UTF-8 in the sample means binary. */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return false;
  } catch {
    return true;
  }
}

const IMAGE_MAGIC: Array<[string, number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

/** The media type of a PNG, JPEG, GIF or WebP by its magic bytes. */
export function sniffImage(sample: Uint8Array): string | undefined {
  for (const [type, magic] of IMAGE_MAGIC) if (magic.every((b, i) => sample[i] === b)) return type;
  const riff = [0x52, 0x49, 0x46, 0x46].every((b, i) => sample[i] === b);
  const webp = [0x57, 0x45, 0x42, 0x50].every((b, i) => sample[i + 8] === b);
  return riff && webp ? 'image/webp' : undefined;
}

export async function readSample(handle: FileHandle): Promise<Uint8Array> {
  const buffer = Buffer.alloc(SAMPLE_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
  return buffer.subarray(0, bytesRead);
}

export interface LineRange {
  text: string;
  firstLine: number;
  /** The last line shown (0 when none). */
  lastLine: number;
  /** Stopped because the byte cap was reached. */
  truncated: boolean;
  /** Whether the end of the file was reached (so `totalLines` is known). */
  eof: boolean;
  totalLines: number;
  crlf: boolean;
  /** Where to continue reading after a truncation (the cut line itself when it was shown in part). */
  nextLine: number;
}

/**
 * Streams lines `start..end` (1-based, inclusive) out of a file, stopping at
 * `maxBytes` of output. Memory stays bounded by the cap and the chunk size,
 * even for a single enormous line.
 */
export async function readLineRange(handle: FileHandle, start: number, end: number, maxBytes: number): Promise<LineRange> {
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const out: string[] = [];
  let outBytes = 0;
  let lineNo = 1;
  let partial = '';
  let crlf = false;
  let position = 0;
  let truncated = false;
  let eof = false;
  let done = false;
  let cutLine = false;

  const take = (raw: string): void => {
    let line = raw;
    if (line.endsWith('\r')) {
      crlf = true;
      line = line.slice(0, -1);
    }
    if (lineNo >= start && lineNo <= end) {
      const bytes = Buffer.byteLength(line) + 1;
      if (outBytes + bytes > maxBytes) {
        const room = Math.max(0, maxBytes - outBytes);
        if (room > 0) {
          out.push(Buffer.from(line).subarray(0, room).toString('utf8').replace(/\uFFFD$/, ''));
          cutLine = true;
        }
        truncated = true;
        done = true;
        return;
      }
      out.push(line);
      outBytes += bytes;
    }
    lineNo += 1;
    if (lineNo > end) done = true;
  };

  while (!done) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
    position += bytesRead;
    if (bytesRead === 0) {
      partial += decoder.end();
      // A file ending in a newline has no extra empty last line.
      if (partial !== '') take(partial);
      eof = !truncated;
      break;
    }
    const pieces = (partial + decoder.write(buffer.subarray(0, bytesRead))).split('\n');
    partial = pieces.pop() ?? '';
    for (const piece of pieces) {
      take(piece);
      if (done) break;
    }
    if (!done && partial.length > maxBytes && lineNo >= start && lineNo <= end) {
      take(partial);
      partial = '';
    } else if (!done && lineNo < start && partial.length > CHUNK_BYTES) {
      partial = partial.slice(-1);
    }
  }
  const lastShown = out.length === 0 ? 0 : start + out.length - 1;
  return { text: out.join('\n'), firstLine: start, lastLine: lastShown, truncated, eof, totalLines: eof ? lineNo - 1 : lastShown, crlf, nextLine: cutLine ? lastShown : lastShown + 1 };
}
