import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { JsonValue } from '@warden/protocol';
import type { SubjectKey, SubjectKeyStore } from './subject-keys.js';

/**
 * `⟦subject:<ref>:<sealed>⟧`: a personal value as the trail keeps it. `sealed` is AES-256-GCM under
 * the subject's own key (iv ‖ tag ‖ ciphertext, base64url), with the ref as associated data. The
 * chain hashes the token, never the value, so destroying the key leaves the chain verifiable and
 * the value unrecoverable.
 */
export const SUBJECT_TOKEN_PATTERN = /⟦subject:([0-9a-f]{16}):([A-Za-z0-9_-]+)⟧/g;

/** Seals one value (any JSON: it is canonical-encoded first) under the subject's key. */
export function sealForSubject(subject: SubjectKey, value: JsonValue): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subject.key, iv);
  cipher.setAAD(Buffer.from(subject.ref, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `⟦subject:${subject.ref}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}⟧`;
}

/** The value inside a token sealed under `subject`'s key; undefined for another key, a destroyed one or an edited token. */
export function openSubjectToken(token: string, subject: SubjectKey): JsonValue | undefined {
  const match = new RegExp(SUBJECT_TOKEN_PATTERN.source).exec(token);
  if (!match || match[1] !== subject.ref) return undefined;
  const raw = Buffer.from(match[2] as string, 'base64url');
  if (raw.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', subject.key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(subject.ref, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * A JSON value with every token it carries opened with the keys that still exist: a string that
 * is exactly one token becomes the sealed value; a token whose key is gone stays as it is.
 */
export function openSubjectTokens(value: JsonValue, keys: SubjectKeyStore | ((ref: string) => SubjectKey | undefined)): JsonValue {
  const keyOf = typeof keys === 'function' ? keys : (ref: string) => keys.byRef(ref);
  const found = new Map<string, SubjectKey | undefined>();
  const lookup = (ref: string): SubjectKey | undefined => {
    if (!found.has(ref)) found.set(ref, keyOf(ref));
    return found.get(ref);
  };
  const walk = (v: JsonValue): JsonValue => {
    if (typeof v === 'string') {
      const whole = new RegExp(`^${SUBJECT_TOKEN_PATTERN.source}$`).exec(v);
      if (whole) {
        const key = lookup(whole[1] as string);
        const opened = key ? openSubjectToken(v, key) : undefined;
        return opened === undefined ? v : opened;
      }
      return v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
