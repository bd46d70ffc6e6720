import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject, RunEvent, ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

// Issue 40, "Enforced in the loop": createHarness({ governance }) applies the declared purpose
// limitation, pseudonymisation and residency itself; run tags give purpose and jurisdiction.

const GOVERNANCE = `mode: enforce
home: eu-central-1
regions:
  azure: westeurope
residency:
  EU: [eu-*, westeurope]
  SG: [ap-southeast-1]
policy:
  purposes:
    refunds: [iban]
  rules:
    - id: refunds-need-two
      on: tool
      match: refund
      when: 'args.amount > 500'
      effect: require_approval
      approvers: 2
`;

function bankTools(sent: JsonObject[]): ToolV1[] {
  const tool = (name: string): ToolV1 => ({
    specificationVersion: 'v1',
    name,
    description: `${name} for a customer`,
    inputSchema: { type: 'object' },
    annotations: { readOnly: true },
    execute: async (args) => {
      sent.push(args);
      return `${name} done`;
    },
  });
  return [tool('send_email'), tool('refund')];
}

function trail(file: string): JsonObject[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as JsonObject);
}

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('createHarness({ governance }): the declared governance as pipeline layers', () => {
  it('pseudonymises what the run tag purpose does not allow before the model, restores it for the tool, and records the decisions', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
    const sent: JsonObject[] = [];
    const token = (text: string): string => /⟨email:[0-9a-f]+⟩/.exec(text)?.[0] ?? 'missing';
    const provider = scriptedProvider(
      [(request) => ({ toolCalls: [{ name: 'send_email', args: { to: token(JSON.stringify(request.messages)), iban: 'DE89 3704 0044 0532 0130 00' } }] }), 'Lena informed.'],
      { id: 'azure' },
    );
    const harness = await createHarness({ workdir: dir, provider, env: {}, mode: 'yolo', approver: 'yes', tools: bankTools(sent), governance: { file: 'governance.yaml' } });
    try {
      const result = await harness.run('Tell Lena Weber (lena.weber@example.de) her refund to DE89 3704 0044 0532 0130 00 is on its way', { tags: { purpose: 'refunds', jurisdiction: 'EU' } });
      expect(result.stopReason).toBe('done');
      const seen = JSON.stringify(provider.requests.map((r) => r.messages));
      expect(seen).not.toContain('lena.weber@example.de');
      expect(seen).toMatch(/⟨email:[0-9a-f]+⟩/);
      // refunds allows iban: it reaches the model as it is.
      expect(seen).toContain('DE89 3704 0044 0532 0130 00');
      expect(sent).toEqual([{ to: 'lena.weber@example.de', iban: 'DE89 3704 0044 0532 0130 00' }]);
      const decisions = trail(harness.auditFile!).filter((e) => e.kind === 'governance_decision').map((e) => e.data as JsonObject);
      expect(decisions.some((d) => d.subject === 'data' && String(d.effect).includes('email:pseudonymise'))).toBe(true);
      expect(decisions.some((d) => d.subject === 'residency' && d.effect === 'allow' && (d.detail as JsonObject).jurisdiction === 'EU')).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('a run without a purpose tag uses the harness default; a purpose that allows nothing pseudonymises the IBAN too', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
    const provider = scriptedProvider(['noted', 'noted'], { id: 'azure' });
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false, governance: { file: 'governance.yaml', purpose: 'marketing', jurisdiction: 'EU' } });
    try {
      await harness.run('Customer IBAN DE89 3704 0044 0532 0130 00');
      expect(JSON.stringify(provider.requests[0]!.messages)).not.toContain('DE89 3704 0044 0532 0130 00');
      await harness.run('Customer IBAN DE89 3704 0044 0532 0130 00', { tags: { purpose: 'refunds' } });
      expect(JSON.stringify(provider.requests[1]!.messages)).toContain('DE89 3704 0044 0532 0130 00');
    } finally {
      await harness.close();
    }
  });

  it('refuses a model call whose destination the run tag jurisdiction does not allow (streamed runs too), on the same harness that serves another jurisdiction', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
    const provider = scriptedProvider(['served', 'served'], { id: 'azure' });
    const harness = await createHarness({ workdir: dir, provider, env: {}, governance: { file: 'governance.yaml' } });
    try {
      const events = await collect(harness.stream('Fetch the statement of Tan Wei', { tags: { jurisdiction: 'SG' } }));
      expect(provider.requests).toHaveLength(0);
      const end = events.find((e) => e.type === 'run_end');
      expect(JSON.stringify(events)).toContain('policy.residency_refused');
      expect(end && end.type === 'run_end' && end.stopReason).not.toBe('done');
      const eu = await harness.run('Fetch the statement of Lena Weber', { tags: { jurisdiction: 'EU' } });
      expect(eu.stopReason).toBe('done');
      expect(provider.requests).toHaveLength(1);
      const residency = trail(harness.auditFile!).filter((e) => e.kind === 'governance_decision').map((e) => e.data as JsonObject).filter((d) => d.subject === 'residency');
      expect(residency.map((d) => [(d.detail as JsonObject).jurisdiction, d.effect])).toEqual([['SG', 'deny'], ['EU', 'allow']]);
    } finally {
      await harness.close();
    }
  });

  it('puts every tool call through the governed gate: a refund over 500 needs two people, so --yes does not run it', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
    const sent: JsonObject[] = [];
    const provider = scriptedProvider([{ toolCalls: [{ name: 'refund', args: { amount: 900 } }] }, 'could not refund'], { id: 'azure' });
    const harness = await createHarness({ workdir: dir, provider, env: {}, mode: 'yolo', approver: 'yes', audit: false, tools: bankTools(sent), governance: { file: 'governance.yaml', jurisdiction: 'EU' } });
    try {
      const events = await collect(harness.stream('Refund 900 EUR'));
      expect(events.find((e) => e.type === 'tool_decision')).toMatchObject({ decision: { rule: 'governance.refunds-need-two' } });
      expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'denied' });
      expect(sent).toEqual([]);
    } finally {
      await harness.close();
    }
  });
});
