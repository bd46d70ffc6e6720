import * as zlib from 'node:zlib';

/** CRC-32 (IEEE, as zlib and gzip compute it) of a UTF-8 string, as 8 hex digits. */
export type Crc32Hex = (text: string) => string;

let table: Uint32Array | undefined;

/** The table-driven fallback, for a Node without `zlib.crc32` (added in 20.15 / 22.2). */
export function tableCrc32(text: string): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  const bytes = Buffer.from(text, 'utf8');
  let crc = 0xffffffff;
  for (const byte of bytes) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const native = (zlib as { crc32?: (data: string | Uint8Array) => number }).crc32;

export const crc32Hex: Crc32Hex = (text) => ((native ? native(text) : tableCrc32(text)) >>> 0).toString(16).padStart(8, '0');
