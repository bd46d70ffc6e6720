import { createHash, timingSafeEqual } from 'node:crypto';

/** What a bearer token may hold (RFC 6750's b64token), and how short it may be. */
export const TOKEN_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
export const MIN_TOKEN_LENGTH = 16;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Whether a token is acceptable to serve with: long enough, and sendable in an Authorization header. */
export function isUsableToken(token: string): boolean {
  return token.length >= MIN_TOKEN_LENGTH && token.length <= 4096 && TOKEN_PATTERN.test(token);
}

/**
 * A constant-time check against the server's token: both sides are hashed first,
 * so neither the comparison's time nor an early length mismatch says anything
 * about the expected token.
 */
export function tokenVerifier(expected: string): (given: string) => boolean {
  const want = digest(expected);
  return (given) => timingSafeEqual(digest(given), want);
}
