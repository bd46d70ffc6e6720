import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { aiInventory, BUILTIN_PACK_DATA, checkedPack } from '../../src/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'cyclonedx');
const schema = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** The published CycloneDX 1.6 JSON schema (with the SPDX and JSF schemas it references). */
function cyclonedx16() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(schema('spdx.schema.json'));
  ajv.addSchema(schema('jsf-0.82.schema.json'));
  return ajv.compile(schema('bom-1.6.schema.json'));
}

const inventory = () =>
  aiInventory({
    name: 'eu-bank-assistant',
    version: '2.1.0',
    wardenVersion: '0.1.0',
    agents: [
      { name: 'support', description: 'answers customers', models: ['bedrock:anthropic.claude-sonnet', 'openai:gpt-5-mini'], tools: ['read_file', 'refund'], mcpServers: ['crm'] },
      { name: 'researcher', models: ['openai:gpt-5-mini'], tools: ['web_fetch'] },
    ],
    tools: [
      { name: 'read_file', effect: 'read' },
      { name: 'refund', effect: 'external', description: 'refunds a payment' },
    ],
    mcpServers: [{ name: 'crm', url: 'https://crm.example.test/mcp' }, { name: 'files', command: 'mcp-server-filesystem' }],
    packs: ['gdpr', 'eu-ai-act'].map((id) => checkedPack(BUILTIN_PACK_DATA[id], id)),
    policyVersion: 'sha256:abc',
    timestamp: new Date('2026-12-01T00:00:00.000Z'),
  });

describe('aiInventory (CycloneDX 1.6 ML-BOM)', () => {
  it('validates against the published CycloneDX 1.6 JSON schema', () => {
    const validate = cyclonedx16();
    const bom = inventory();
    const ok = validate(bom);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The schema is really applied: a wrong component type is rejected.
    const broken = JSON.parse(JSON.stringify(bom)) as { components: { type: string }[] };
    broken.components[0]!.type = 'agent';
    expect(validate(broken)).toBe(false);
  });

  it('lists agents, models, tools, MCP servers and packs, and every dependency resolves', () => {
    const bom = inventory() as {
      specVersion: string;
      serialNumber: string;
      metadata: { component: { 'bom-ref': string } };
      components: { type: string; 'bom-ref': string; name: string; publisher?: string; properties?: { name: string; value: string }[] }[];
      services: { 'bom-ref': string; name: string; endpoints?: string[] }[];
      dependencies: { ref: string; dependsOn: string[] }[];
    };
    expect(bom.specVersion).toBe('1.6');
    expect(bom.serialNumber).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const kinds = (kind: string) => bom.components.filter((c) => c.properties?.some((p) => p.name === 'warden:kind' && p.value === kind)).map((c) => c.name);
    expect(kinds('agent')).toEqual(['support', 'researcher']);
    expect(bom.components.filter((c) => c.type === 'machine-learning-model').map((c) => `${c.publisher}:${c.name}`)).toEqual(['bedrock:anthropic.claude-sonnet', 'openai:gpt-5-mini']);
    expect(kinds('tool')).toEqual(['read_file', 'refund', 'web_fetch']);
    expect(kinds('governance-pack')).toEqual(['gdpr', 'eu-ai-act']);
    expect(bom.services.map((s) => s.name)).toEqual(['crm', 'files']);
    const refs = new Set([bom.metadata.component['bom-ref'], ...bom.components.map((c) => c['bom-ref']), ...bom.services.map((s) => s['bom-ref'])]);
    expect(refs.size).toBe(1 + bom.components.length + bom.services.length);
    for (const d of bom.dependencies) for (const r of [d.ref, ...d.dependsOn]) expect(refs).toContain(r);
    expect(bom.dependencies.find((d) => d.ref === 'agent:support')!.dependsOn).toEqual(['model:bedrock:anthropic.claude-sonnet', 'model:openai:gpt-5-mini', 'tool:read_file', 'tool:refund', 'mcp:crm']);
    expect(JSON.stringify(bom)).toContain('not legal advice');
  });
});
