import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { JsonObject } from '@warden/protocol';
import { sealError } from '../coded-errors.js';

/** The one key of a sealed value: `{ "$warden.sealed": "v1.<iv>.<ciphertext>.<tag>" }` (base64url parts). */
export const SEALED_KEY = '$warden.sealed';
export const SEAL_KEY_ENV = 'WARDEN_SEAL_KEY';
export const SEAL_KEY_FILE_ENV = 'WARDEN_SEAL_KEY_FILE';
const MIN_KEY_BYTES = 32;

/**
 * Authenticated encryption (AES-256-GCM) of the record values that must keep their exact text at
 * rest (decision 0012). The IV is derived from the value and its context (an HMAC), so sealing the
 * same value for the same record twice gives the same bytes: a store that skips byte-identical
 * repeats still does, and no IV is ever reused for two different values. The context (the
 * approval and call ids) is authenticated too, so a sealed value cannot be moved to another record.
 */
export interface RecordSealer {
  seal(value: JsonObject, context: string): JsonObject;
  /** The value back; `seal.key_missing` without a key, `seal.open_failed` when it does not open. */
  open(sealed: JsonObject, context: string): JsonObject;
  readonly hasKey: boolean;
}

export function isSealed(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as Record<string, unknown>)[SEALED_KEY] === 'string';
}

function keyBytes(options: { key?: string | Buffer | undefined; env: Readonly<Record<string, string | undefined>> }): Buffer | undefined {
  let raw: Buffer | undefined;
  if (options.key !== undefined) raw = typeof options.key === 'string' ? Buffer.from(options.key, 'utf8') : options.key;
  else if (options.env[SEAL_KEY_ENV]) raw = Buffer.from(options.env[SEAL_KEY_ENV], 'utf8');
  else if (options.env[SEAL_KEY_FILE_ENV]) {
    try {
      raw = Buffer.from(readFileSync(options.env[SEAL_KEY_FILE_ENV], 'utf8').trim(), 'utf8');
    } catch (cause) {
      throw sealError({ code: 'seal.key_invalid', message: `The seal key file named by ${SEAL_KEY_FILE_ENV} cannot be read.`, hint: 'Point it at a readable file holding at least 32 random bytes (e.g. `openssl rand -base64 48`).', cause });
    }
  }
  if (raw === undefined) return undefined;
  if (raw.length < MIN_KEY_BYTES) throw sealError({ code: 'seal.key_invalid', message: `The seal key is shorter than ${MIN_KEY_BYTES} bytes.`, hint: 'Generate one with `openssl rand -base64 48`.' });
  return raw;
}

const b64 = (b: Buffer): string => b.toString('base64url');

/** Builds the sealer from an explicit key, else `WARDEN_SEAL_KEY`, else the file `WARDEN_SEAL_KEY_FILE` names. */
export function createRecordSealer(options: { key?: string | Buffer | undefined; env: Readonly<Record<string, string | undefined>> }): RecordSealer {
  const master = keyBytes(options);
  const derive = (label: string): Buffer | undefined => (master ? Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), label, 32)) : undefined);
  const encKey = derive('warden seal v1 aes-256-gcm');
  const ivKey = derive('warden seal v1 iv');
  const missing = () =>
    sealError({ code: 'seal.key_missing', message: `This session holds sealed values (a pending approval's arguments) and ${SEAL_KEY_ENV} is not set.`, hint: `Set ${SEAL_KEY_ENV} (or ${SEAL_KEY_FILE_ENV}) to the key the run was started with.` });
  return {
    hasKey: master !== undefined,
    seal(value, context) {
      if (!encKey || !ivKey) throw missing();
      const plain = Buffer.from(JSON.stringify(value), 'utf8');
      const iv = createHmac('sha256', ivKey).update(context).update('\0').update(plain).digest().subarray(0, 12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return { [SEALED_KEY]: `v1.${b64(iv)}.${b64(body)}.${b64(cipher.getAuthTag())}` };
    },
    open(sealed, context) {
      if (!encKey) throw missing();
      const parts = String(sealed[SEALED_KEY]).split('.');
      try {
        if (parts.length !== 4 || parts[0] !== 'v1') throw new TypeError('not a v1 sealed value');
        const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(parts[1]!, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(parts[3]!, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(parts[2]!, 'base64url')), decipher.final()]);
        return JSON.parse(plain.toString('utf8')) as JsonObject;
      } catch (cause) {
        throw sealError({ code: 'seal.open_failed', message: 'A sealed value does not open with this seal key.', hint: `Use the ${SEAL_KEY_ENV} the run was started with.`, cause });
      }
    },
  };
}
