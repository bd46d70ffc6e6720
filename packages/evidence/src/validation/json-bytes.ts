/**
 * Compact UTF-8 JSON byte size of a string literal (quotes included), counted
 * without serializing. Returns -1 for a lone surrogate, or `limit + 1` as soon
 * as the size passes `limit` (so huge strings stop early).
 */
export function jsonStringBytes(text: string, limit: number): number {
  if (text.length + 2 > limit) return limit + 1;
  let bytes = 2;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      if (unit === 0x22 || unit === 0x5c) bytes += 2;
      else if (unit >= 0x20) bytes += 1;
      else if (unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) bytes += 2;
      else bytes += 6;
    } else if (unit < 0x800) {
      bytes += 2;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < length ? text.charCodeAt(i + 1) : 0;
      if (next < 0xdc00 || next > 0xdfff) return -1;
      bytes += 4;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return -1;
    } else {
      bytes += 3;
    }
    if (bytes > limit) return limit + 1;
  }
  return bytes;
}

/** Compact JSON byte size of a finite number, as JSON.stringify writes it. */
export function jsonNumberBytes(value: number): number {
  return Object.is(value, -0) ? 1 : String(value).length;
}
