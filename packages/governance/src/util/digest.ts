import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Hex SHA-256 of UTF-8 text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Hex HMAC-SHA-256 of UTF-8 text. */
export function hmacHex(key: string | Uint8Array, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex strings (false when lengths differ). */
export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
