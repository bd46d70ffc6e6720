import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '@warden/protocol/policy';
import { ed25519PrivateKey, ed25519PublicKey } from '../audit/ed25519-signing.js';

/** What an erasure removed, counted. */
export interface ErasedCounts {
  sessions: number;
  memory: number;
  knowledge: number;
  deliverables: number;
  /** Tokens in the trail sealed under the destroyed key: still there (the chain needs them), no longer readable. */
  trailTokens: number;
  /** Whether the subject's key existed and was destroyed. */
  keyDestroyed: boolean;
}

/**
 * The signed statement an erasure returns. It names the subject by `subjectDigest` (sha256 of the
 * id: someone who knows who asked can check it) and by the trail's `subjectRef`; the signature is
 * Ed25519 over the canonical JSON of everything but `signature`.
 */
export interface ErasureReceipt {
  type: 'warden.dsar.erasure.v1';
  subjectDigest: string;
  subjectRef: string | null;
  erasedAt: string;
  policyVersion: string | null;
  erased: ErasedCounts;
  /** Session ids deleted and deliverable paths removed (ids and paths, never content). */
  sessionIds: string[];
  deliverables: string[];
  /** The trail's head after the erasure entry was appended (null without a trail). */
  trailHead: string | null;
  signature: { alg: 'ed25519'; value: string };
}

export function signErasureReceipt(body: Omit<ErasureReceipt, 'signature'>, privateKey: string | KeyObject): ErasureReceipt {
  const value = sign(null, Buffer.from(canonicalJson(body as never), 'utf8'), ed25519PrivateKey(privateKey)).toString('base64');
  return { ...body, signature: { alg: 'ed25519', value } };
}

/** True when the receipt is unchanged since it was signed by the holder of the public key's private half. */
export function verifyErasureReceipt(receipt: ErasureReceipt, publicKey: string | KeyObject): boolean {
  const { signature, ...body } = receipt;
  if (signature?.alg !== 'ed25519' || typeof signature.value !== 'string') return false;
  try {
    return verify(null, Buffer.from(canonicalJson(body as never), 'utf8'), ed25519PublicKey(publicKey), Buffer.from(signature.value, 'base64'));
  } catch {
    return false;
  }
}
