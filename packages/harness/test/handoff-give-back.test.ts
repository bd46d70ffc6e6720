import { textOf, type ModelRequest, type RunEvent } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Routes each request by the marker in its system prompt (each agent's instructions carry one). */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!);
    const agent = [...queues.keys()].find((k) => system.includes(`${k.toUpperCase()}-MARKER`));
    if (!agent) throw new Error('no agent marker in the system prompt');
    return queues.get(agent)!.shift() ?? `${agent}: script exhausted`;
  };
  return scriptedProvider(Array.from({ length: 20 }, () => respond));
}

const agentOf = (request: ModelRequest): string => (textOf(request.messages[0]!).includes('BILLING-MARKER') ? 'billing' : 'triage');
const billing = { description: 'Answers billing questions.', instructions: 'BILLING-MARKER: answer billing questions.', tools: ['read_file'] };

describe('nobody is left holding a conversation they cannot have (harness handoffs, stored sessions)', () => {
  it('a conversation held by an agent that is gone from the config comes back to the harness\'s agent, with a warning', async () => {
    const dir = tempWorkspace('warden-giveback-');
    const provider = router({
      triage: [{ toolCalls: [{ name: 'transfer_to_billing', args: { summary: 'Charged twice.' } }] }, 'Triage here again: billing is no longer on this desk.'],
      billing: ['Billing: refunded.'],
    });
    const base = { workdir: dir, provider, env: {}, audit: false as const, instructions: 'TRIAGE-MARKER: sort the question, hand over.' };
    const first = await createHarness({ ...base, handoffs: { name: 'triage', agents: { billing } } });
    let sessionId: string;
    try {
      const events = await collect(first.agent.stream('I was charged twice'));
      sessionId = (events[0]?.type === 'run_start' && events[0].sessionId) || '';
      expect(events.find((e) => e.type === 'handoff')).toMatchObject({ handoff: { from: 'triage', to: 'billing' } });
      expect(events.at(-1)).toMatchObject({ type: 'run_end', output: 'Billing: refunded.' });
    } finally {
      await first.close();
    }
    // The config changed: billing is gone. The stored conversation says billing holds it.
    const again = await createHarness({ ...base, sessionId, handoffs: { name: 'triage', agents: {} } });
    try {
      const events = await collect(again.agent.stream('and my other invoice?'));
      expect(events[0]?.type).toBe('run_start');
      const warning = events.find((e) => e.type === 'warning' && e.code === 'core.handoff_agent_missing');
      expect(warning).toMatchObject({ message: expect.stringContaining('held by billing') });
      expect(events.at(-1)).toMatchObject({ type: 'run_end', output: 'Triage here again: billing is no longer on this desk.' });
      expect(agentOf(provider.requests.at(-1)!)).toBe('triage');
      // Triage continues the same conversation: what billing said is in what it reads.
      expect(JSON.stringify(provider.requests.at(-1)!.messages)).toContain('Billing: refunded.');
    } finally {
      await again.close();
    }
    // Without any handoffs in the config at all, the same holds.
    const plain = await createHarness({ ...base, sessionId });
    try {
      const events = await collect(plain.agent.stream('still there?'));
      expect(events.some((e) => e.type === 'warning' && e.code === 'core.handoff_agent_missing')).toBe(true);
      expect(agentOf(provider.requests.at(-1)!)).toBe('triage');
    } finally {
      await plain.close();
    }
  });
});
