import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { textOf, type ModelRequest } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

// Issue 40: agent identity and least privilege through delegation, and prohibited uses refused at build.

const GOVERNANCE = `prohibited: [social_scoring]
policy:
  purposes:
    customer_support: [email, iban]
    refunds: [iban]
    marketing: [email, phone]
`;

/** Routes each request by the marker in its system prompt; remembers which tools each agent was offered. */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const offered = new Map<string, string[]>();
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!);
    const agent = [...queues.keys()].find((k) => system.includes(`${k.toUpperCase()}-MARKER`)) ?? 'main';
    offered.set(agent, (request.tools ?? []).map((t) => t.name).sort());
    return queues.get(agent)?.shift() ?? `${agent}: done`;
  };
  return { provider: scriptedProvider(Array.from({ length: 20 }, () => respond)), offered };
}

function workspace(): string {
  const dir = tempWorkspace('warden-identity-');
  writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
  return dir;
}

describe('identity through delegation in createHarness', () => {
  it('a sub-agent holds only the tools of its own identity ∩ the harness identity, and the harness only its identity\'s', async () => {
    const dir = workspace();
    const { provider, offered } = router({
      main: [{ toolCalls: [{ name: 'delegate', args: { agent: 'helper', task: 'HELPER-MARKER list what you hold' } }] }, 'main: done'],
      helper: ['helper: done'],
    });
    const harness = await createHarness({
      workdir: dir,
      provider,
      env: {},
      mode: 'yolo',
      audit: false,
      governance: { file: 'governance.yaml' },
      identity: { owner: 'cx-lead@acme.example', purpose: 'customer_support', tools: ['read_file', 'list_files', 'grep'] },
      subagents: { helper: { description: 'Helps.', system: 'HELPER-MARKER', tools: ['read_file', 'grep', 'write_file', 'shell'], identity: { owner: 'ops@acme.example', purpose: 'refunds', tools: ['read_file', 'write_file'] } } },
    });
    try {
      const result = await harness.run('Delegate to the helper');
      expect(result.stopReason).toBe('done');
      expect(harness.tools.map((t) => t.name).sort()).toEqual(['grep', 'list_files', 'read_file']);
      expect(offered.get('main')).toEqual(['delegate', 'grep', 'list_files', 'read_file']);
      // write_file is in the helper's own identity but not the harness's; grep is in the harness's but not the helper's.
      expect(offered.get('helper')).toEqual(['read_file']);
    } finally {
      await harness.close();
    }
  });

  it('a handoff target acts under the intersection too: the tools its entry lists beyond the identity are gone', async () => {
    const dir = workspace();
    const { provider, offered } = router({
      main: [{ toolCalls: [{ name: 'transfer_to_writer', args: { summary: 'Over to you.' } }] }],
      writer: ['writer: done'],
    });
    const harness = await createHarness({
      workdir: dir,
      provider,
      env: {},
      mode: 'yolo',
      audit: false,
      governance: { file: 'governance.yaml' },
      identity: { owner: 'cx-lead@acme.example', purpose: 'customer_support', tools: ['read_file', 'list_files', 'write_file'] },
      handoffs: { agents: { writer: { description: 'Writes.', instructions: 'WRITER-MARKER', tools: ['read_file', 'write_file', 'shell'], identity: { tools: ['read_file', 'shell'] } } } },
    });
    try {
      await harness.run('Hand over to the writer');
      expect(offered.get('writer')?.filter((name) => !name.startsWith('transfer_to_'))).toEqual(['read_file']);
    } finally {
      await harness.close();
    }
  });

  it('a delegate whose purpose widens the harness identity\'s is refused at build (policy.identity_widened), for sub-agents and handoffs alike', async () => {
    const dir = workspace();
    const base = { workdir: dir, provider: scriptedProvider([]), env: {}, audit: false as const, governance: { file: 'governance.yaml' }, identity: { owner: 'payments@acme.example', purpose: 'refunds' } };
    await expect(createHarness({ ...base, subagents: { ads: { description: 'Ads.', tools: ['read_file'], identity: { purpose: 'marketing' } } } })).rejects.toMatchObject({ code: 'policy.identity_widened' });
    await expect(createHarness({ ...base, handoffs: { agents: { care: { description: 'Care.', tools: ['read_file'], identity: { purpose: 'customer_support' } } } } })).rejects.toMatchObject({ code: 'policy.identity_widened' });
    await expect(createHarness({ ...base, runtimeAgents: { templates: { scout: { description: 'Scout.', tools: ['read_file'], identity: { purpose: 'marketing' } } } } })).rejects.toMatchObject({ code: 'policy.identity_widened' });
    // Narrowing is fine: refunds ⊂ customer_support.
    const narrowed = await createHarness({ ...base, identity: { owner: 'cx', purpose: 'customer_support' }, subagents: { pay: { description: 'Pays.', tools: ['read_file'], identity: { purpose: 'refunds' } } } });
    await narrowed.close();
  });

  it('an agent declared for a prohibited domain is never built (policy.prohibited_use), nor is one with a delegate declared for it', async () => {
    const dir = workspace();
    const base = { workdir: dir, provider: scriptedProvider([]), env: {}, audit: false as const, governance: { file: 'governance.yaml' } };
    await expect(createHarness({ ...base, identity: { owner: 'risk@acme.example', domains: ['credit', 'social_scoring'] } })).rejects.toMatchObject({ code: 'policy.prohibited_use', message: expect.stringContaining('social_scoring') });
    await expect(createHarness({ ...base, subagents: { scorer: { description: 'Scores.', tools: ['read_file'], identity: { domains: ['social_scoring'] } } } })).rejects.toMatchObject({ code: 'policy.prohibited_use' });
    const fine = await createHarness({ ...base, identity: { owner: 'risk@acme.example', domains: ['credit'] } });
    await fine.close();
  });
});
