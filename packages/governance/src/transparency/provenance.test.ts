import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { provenanceManifest, verifyProvenance, type ProvenanceManifest } from './provenance.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const facts = {
  runId: 'run_42',
  models: ['openai:gpt-5-mini', 'bedrock:claude', 'openai:gpt-5-mini'],
  tools: ['read_file', 'refund', 'read_file'],
  policyVersion: 'sha256:feed',
  inputs: { task: 'refund order 7 for jane@example.com', 'attachment:invoice.pdf': 'INVOICE 7 EUR 40' },
  output: 'Refunded EUR 40.',
  createdAt: new Date('2026-12-03T10:00:00.000Z'),
};

describe('provenance manifests', () => {
  it('name the models, tools, policy version and digests (never the texts), and verify with only the public key', () => {
    const manifest = provenanceManifest(facts, privateKey);
    expect(manifest.models).toEqual(['bedrock:claude', 'openai:gpt-5-mini']);
    expect(manifest.tools).toEqual([{ name: 'read_file', calls: 2 }, { name: 'refund', calls: 1 }]);
    expect(manifest.inputs.map((i) => i.name)).toEqual(['attachment:invoice.pdf', 'task']);
    expect(JSON.stringify(manifest)).not.toContain('jane@example.com');
    expect(manifest.output.sha256).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Round-tripped through JSON, as a file would be.
    const copy = JSON.parse(JSON.stringify(manifest)) as ProvenanceManifest;
    expect(verifyProvenance(copy, pem)).toEqual({ valid: true });
    expect(verifyProvenance(copy, pem, { output: facts.output, inputs: { task: facts.inputs.task } })).toEqual({ valid: true });
  });

  it('fail verification when anything changed, with another key, or for another output', () => {
    const manifest = provenanceManifest(facts, privateKey);
    const edited = { ...manifest, tools: [{ name: 'read_file', calls: 2 }] };
    expect(verifyProvenance(edited, pem)).toMatchObject({ valid: false, problem: expect.stringMatching(/changed after signing/) });
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(verifyProvenance(manifest, other)).toMatchObject({ valid: false, problem: 'signed with another key' });
    expect(verifyProvenance(manifest, pem, { output: 'Refunded EUR 400.' })).toMatchObject({ valid: false, problem: expect.stringMatching(/output/) });
    expect(verifyProvenance(manifest, pem, { inputs: { task: 'something else' } })).toMatchObject({ valid: false, problem: expect.stringMatching(/input task/) });
    expect(verifyProvenance({ spec: 'other' }, pem)).toMatchObject({ valid: false });
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey;
    expect(() => provenanceManifest(facts, rsa)).toThrow(/Ed25519/);
  });
});
