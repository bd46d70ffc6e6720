import { sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '@warden/protocol/policy';
import { ed25519PrivateKey, ed25519PublicKey } from '../audit/ed25519-signing.js';
import { sha256Hex } from '../util/digest.js';

/** The format a manifest names (bump on any change to what is signed). */
export const PROVENANCE_SPEC = 'warden.provenance/1';

/** What a result came from. Inputs and output are given as text and kept only as SHA-256 digests. */
export interface ProvenanceFacts {
  runId: string;
  /** `provider:model` of every model the run called. */
  models: readonly string[];
  /** Tool names the run called (repeats are counted). */
  tools: readonly string[];
  /** The policy version decisions named (`sha256:…` of the effective governance). */
  policyVersion: string;
  /** The task and any attached or retrieved inputs, by name. */
  inputs: Readonly<Record<string, string>>;
  output: string;
  createdAt?: Date;
}

export interface ProvenanceManifest {
  spec: typeof PROVENANCE_SPEC;
  runId: string;
  createdAt: string;
  models: string[];
  tools: { name: string; calls: number }[];
  policyVersion: string;
  inputs: { name: string; sha256: string }[];
  output: { sha256: string };
  signature: { alg: 'Ed25519'; keyId: string; value: string };
}

const digest = (text: string): string => `sha256:${sha256Hex(text)}`;

/** The key id a manifest names: the SHA-256 of the public key (SPKI DER, as base64), so a verifier knows which key to use. */
export function ed25519KeyId(key: string | KeyObject): string {
  return digest(ed25519PublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64'));
}

function unsigned(manifest: Omit<ProvenanceManifest, 'signature'> | ProvenanceManifest): string {
  const { spec, runId, createdAt, models, tools, policyVersion, inputs, output } = manifest;
  return canonicalJson({ spec, runId, createdAt, models, tools, policyVersion, inputs, output });
}

/**
 * A signed provenance manifest for one result: the models, the tools (with call counts), the
 * policy version, and SHA-256 digests of each input and of the output (never the texts), signed
 * with Ed25519 over its canonical JSON so anyone with the public key can verify it.
 */
export function provenanceManifest(facts: ProvenanceFacts, privateKey: string | KeyObject): ProvenanceManifest {
  const key = ed25519PrivateKey(privateKey);
  const counts = new Map<string, number>();
  for (const name of facts.tools) counts.set(name, (counts.get(name) ?? 0) + 1);
  const body: Omit<ProvenanceManifest, 'signature'> = {
    spec: PROVENANCE_SPEC,
    runId: facts.runId,
    createdAt: (facts.createdAt ?? new Date()).toISOString(),
    models: [...new Set(facts.models)].sort(),
    tools: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, calls]) => ({ name, calls })),
    policyVersion: facts.policyVersion,
    inputs: Object.entries(facts.inputs)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, text]) => ({ name, sha256: digest(text) })),
    output: { sha256: digest(facts.output) },
  };
  const value = sign(null, Buffer.from(unsigned(body), 'utf8'), key).toString('base64');
  return { ...body, signature: { alg: 'Ed25519', keyId: ed25519KeyId(key), value } };
}

export interface ProvenanceVerification {
  valid: boolean;
  /** Why not, in English. */
  problem?: string;
}

/**
 * Verifies a manifest with only the public key; with `output` (and `inputs`), also checks that
 * the texts at hand are the ones the manifest names.
 */
export function verifyProvenance(manifest: unknown, publicKey: string | KeyObject, texts: { output?: string; inputs?: Readonly<Record<string, string>> } = {}): ProvenanceVerification {
  const m = manifest as Partial<ProvenanceManifest> | null;
  if (!m || typeof m !== 'object' || m.spec !== PROVENANCE_SPEC || !m.signature || typeof m.signature.value !== 'string') return { valid: false, problem: `not a ${PROVENANCE_SPEC} manifest` };
  const key = ed25519PublicKey(publicKey);
  if (m.signature.keyId !== ed25519KeyId(key)) return { valid: false, problem: 'signed with another key' };
  let ok: boolean;
  try {
    ok = verify(null, Buffer.from(unsigned(m as ProvenanceManifest), 'utf8'), key, Buffer.from(m.signature.value, 'base64'));
  } catch {
    ok = false;
  }
  if (!ok) return { valid: false, problem: 'the signature does not match the manifest (it was changed after signing)' };
  if (texts.output !== undefined && m.output?.sha256 !== digest(texts.output)) return { valid: false, problem: 'the output is not the one the manifest names' };
  for (const [name, text] of Object.entries(texts.inputs ?? {})) {
    if (m.inputs?.find((i) => i.name === name)?.sha256 !== digest(text)) return { valid: false, problem: `input ${name} is not the one the manifest names` };
  }
  return { valid: true };
}
