import { randomBytes } from 'node:crypto';
import type { DataClass } from '../classify/data-classes.js';
import { hmacHex } from '../util/digest.js';

/** `⟨email:3f9a1c2e⟩`: what the model sees instead of a value its purpose does not allow. */
export const PSEUDONYM_PATTERN = /⟨([a-z_]+):([0-9a-f]{8})⟩/g;

/**
 * Values and their pseudonyms for one run. A pseudonym is a keyed hash of class and value, so the
 * same value always gets the same token (the model can still tell two customers apart) and the
 * token says nothing about the value without the key. The vault lives in memory only: values
 * never reach a store through it.
 */
export interface TokenVault {
  tokenFor(cls: DataClass, value: string): string;
  /** The value behind a token this vault issued; undefined for anything else (an invented token stays as it is). */
  valueOf(token: string): string | undefined;
  readonly size: number;
}

export function tokenVault(key: string | Uint8Array = randomBytes(32)): TokenVault {
  const values = new Map<string, string>();
  return {
    tokenFor(cls, value) {
      const token = `⟨${cls}:${hmacHex(key, `${cls}\u0000${value}`).slice(0, 8)}⟩`;
      values.set(token, value);
      return token;
    },
    valueOf: (token) => values.get(token),
    get size() {
      return values.size;
    },
  };
}
