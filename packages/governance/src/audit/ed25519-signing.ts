import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { AuditSink } from './audit-sinks.js';

/** The field an Ed25519-signed audit line carries: the base64 signature of the entry's `hash`. */
export const ED25519_FIELD = 'ed25519';

/** A private key from PEM text (PKCS#8) or a KeyObject; anything but Ed25519 is refused. */
export function ed25519PrivateKey(key: string | KeyObject): KeyObject {
  const object = typeof key === 'string' ? createPrivateKey(key) : key;
  if (object.asymmetricKeyType !== 'ed25519' || object.type !== 'private') throw new TypeError('an Ed25519 private key is needed');
  return object;
}

/** A public key from PEM text (SPKI) or a KeyObject (a private key gives its public half). */
export function ed25519PublicKey(key: string | KeyObject): KeyObject {
  const object = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  if (object.asymmetricKeyType !== 'ed25519') throw new TypeError('an Ed25519 public key is needed');
  return object;
}

/** The base64 Ed25519 signature of an entry hash. */
export function signEntryHash(hash: string, key: KeyObject): string {
  return sign(null, Buffer.from(hash, 'utf8'), key).toString('base64');
}

export function entryHashSignedBy(hash: string, signature: string, key: KeyObject): boolean {
  try {
    return verify(null, Buffer.from(hash, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * Signs every audit line with Ed25519 besides the trail's HMAC: the signature covers the entry's
 * hash (which covers everything else), so anyone holding only the public key can verify the trail
 * (`verifyAuditSignatures`, `warden audit verify --public-key`). A sink decorator, so the trail's
 * own write path is unchanged.
 */
export function ed25519Signing(sink: AuditSink, privateKey: string | KeyObject): AuditSink {
  const key = ed25519PrivateKey(privateKey);
  return {
    append(line) {
      const entry = JSON.parse(line) as { hash: string };
      return sink.append(JSON.stringify({ ...entry, [ED25519_FIELD]: signEntryHash(entry.hash, key) }));
    },
    last: () => sink.last(),
    ...(sink.sync ? { sync: () => (sink.sync as () => Promise<void>)() } : {}),
  };
}
