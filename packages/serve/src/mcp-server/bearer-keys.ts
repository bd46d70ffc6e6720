import { createHash, timingSafeEqual } from 'node:crypto';

/** What a bearer key may hold (RFC 6750's b64token), and how short it may be. */
export const KEY_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
export const MIN_KEY_LENGTH = 16;

/** Whether a key is acceptable to serve with: long enough, and sendable in an Authorization header. */
export function isUsableKey(key: string): boolean {
  return key.length >= MIN_KEY_LENGTH && key.length <= 4096 && KEY_PATTERN.test(key);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Who a key lets in: every agent (a server key) or the named ones. */
export type KeyGrant = { kind: 'all' } | { kind: 'agents'; agents: ReadonlySet<string> };

export interface KeyRing {
  /** The grant for the bearer key in an `Authorization` header value, or undefined. */
  check(authorization: string | undefined): KeyGrant | undefined;
}

/**
 * Checks a presented key against every configured key in constant time: both sides are hashed
 * first (so neither a length mismatch nor the comparison's time says anything about a key) and
 * every key is compared, whichever matches. Keys are never logged or echoed.
 */
export function keyRing(serverKeys: readonly string[], agentKeys: ReadonlyMap<string, readonly string[]>): KeyRing {
  const entries: Array<{ digest: Buffer; agent?: string }> = [
    ...serverKeys.map((key) => ({ digest: digest(key) })),
    ...[...agentKeys].flatMap(([agent, keys]) => keys.map((key) => ({ digest: digest(key), agent }))),
  ];
  return {
    check(authorization) {
      const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
      const given = digest(match?.[1] ?? '');
      let all = false;
      const agents = new Set<string>();
      for (const entry of entries) {
        if (!timingSafeEqual(entry.digest, given) || !match) continue;
        if (entry.agent === undefined) all = true;
        else agents.add(entry.agent);
      }
      if (all) return { kind: 'all' };
      return agents.size > 0 ? { kind: 'agents', agents } : undefined;
    },
  };
}
