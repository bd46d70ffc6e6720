import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: session cookies, CSRF values, ids. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomId(): string {
  return randomBytes(12).toString('base64url');
}

/** Tokens and session ids are high-entropy secrets, so one SHA-256 is the right store (a KDF protects low-entropy passwords). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Push tokens: `wdash_` + 32 random bytes. The prefix makes a leaked token easy to recognise in scanners. */
export const TOKEN_PREFIX = 'wdash_';

export function newPushToken(): string {
  return `${TOKEN_PREFIX}${randomSecret(32)}`;
}
