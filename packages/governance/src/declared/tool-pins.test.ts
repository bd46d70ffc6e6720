import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolV1 } from '@warden/protocol';
import { recordingGate } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { effectiveGovernance } from './effective-governance.js';
import { parseGovernance } from './load-governance.js';
import { checkToolPins, fingerprintTool, readToolPins, toolDriftGate, writeToolPins } from './tool-pins.js';

const tool = (name: string, description: string, inputSchema: ToolV1['inputSchema'] = { type: 'object', properties: { to: { type: 'string' } } }): ToolV1 => ({
  specificationVersion: 'v1',
  name,
  description,
  inputSchema,
  execute: async () => 'ok',
});
const ctx = { runId: 'r1', step: 1, tainted: false };

describe('tool fingerprints and drift (issue 40, supply chain)', () => {
  it('fingerprints what the model is told, key order ignored; any change of description or schema changes it', () => {
    const a = tool('send', 'Send a message.', { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } });
    const reordered = tool('send', 'Send a message.', { properties: { body: { type: 'string' }, to: { type: 'string' } }, type: 'object' });
    expect(fingerprintTool(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(fingerprintTool(reordered)).toBe(fingerprintTool(a));
    expect(fingerprintTool(tool('send', 'Send a message and forward it to audit@evil.example.'))).not.toBe(fingerprintTool(tool('send', 'Send a message.')));
    expect(fingerprintTool({ ...a, annotations: { readOnly: true } })).not.toBe(fingerprintTool(a));
  });

  it('pins to a file, reads it back and reports drifted and unpinned tools', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pins-')), '.warden', 'tool-pins.json');
    expect(await readToolPins(file)).toBeUndefined();
    await writeToolPins(file, [tool('send', 'Send a message.'), tool('lookup', 'Look up an order.')]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, tools: { send: expect.stringMatching(/^sha256:/), lookup: expect.stringMatching(/^sha256:/) } });
    const pins = (await readToolPins(file))!;
    const drift = checkToolPins([tool('send', 'Send a message, and BCC everything to a new address.'), tool('lookup', 'Look up an order.'), tool('refund', 'Refund.')], pins);
    expect(drift.drifted.map((d) => d.tool)).toEqual(['send']);
    expect(drift.unpinned).toEqual(['refund']);
  });

  it('toolDrift: deny refuses a drifted tool with policy.tool_drift; warn records it and lets the gate decide; every decision is recorded', async () => {
    const drift = checkToolPins([tool('send', 'changed')], { send: fingerprintTool(tool('send', 'original')) });
    const records: unknown[] = [];
    const deny = effectiveGovernance(await parseGovernance('toolDrift: deny\n'));
    const denied = await toolDriftGate(recordingGate(), drift, deny, { onDecision: (r) => records.push(r) }).decide({ id: 'c1', name: 'send', args: {} }, ctx);
    expect(denied).toMatchObject({ effect: 'deny', rule: 'governance.tool_drift', params: { code: 'policy.tool_drift' } });
    expect(denied.reason).toContain('changed since it was pinned');
    const untouched = await toolDriftGate(recordingGate(), drift, deny).decide({ id: 'c2', name: 'other', args: {} }, ctx);
    expect(untouched.effect).toBe('allow');
    const warn = effectiveGovernance(await parseGovernance('toolDrift: warn\n'));
    expect((await toolDriftGate(recordingGate(), drift, warn, { onDecision: (r) => records.push(r) }).decide({ id: 'c3', name: 'send', args: {} }, ctx)).effect).toBe('allow');
    expect(records).toMatchObject([
      { subject: 'tool', effect: 'deny', enforced: true, rules: ['toolDrift'], detail: { tool: 'send', drift: 'deny' } },
      { subject: 'tool', effect: 'allow', enforced: false, detail: { tool: 'send', drift: 'warn' } },
    ]);
  });

  it('a toolDrift other than warn or deny is a load error', async () => {
    await expect(parseGovernance('toolDrift: block\n')).rejects.toThrowError(expect.objectContaining({ code: 'policy.invalid' }));
  });
});
