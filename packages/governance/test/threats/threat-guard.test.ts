import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent } from '@warden/core';
import type { GateV1, ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, incidentTracker, jsonlAuditSink, readIncidents, threatGuard, verifyAudit, type Threat } from '../../src/index.js';

const root = mkdtempSync(join(tmpdir(), 'warden-threats-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every call is allowed: the guard is what is under test. */
const gate: GateV1 = { specificationVersion: 'v1', decide: () => ({ effect: 'allow', reason: 'allowed in this test', rule: 'test.allow' }) };

/** A tool that counts its real executions; `fail` makes it throw. */
function counted(name: string, fail = false): ToolV1 & { runs: number } {
  const tool = {
    specificationVersion: 'v1' as const,
    name,
    description: `${name} tool`,
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    runs: 0,
    execute: () => {
      tool.runs += 1;
      if (fail) throw new Error(`${name} is down`);
      return `${name} ok`;
    },
  };
  return tool;
}

/** A guarded agent whose stops abort the run and open incidents in a real JSONL trail. */
function guarded(trail: string, options: Parameters<typeof threatGuard>[0] = {}) {
  const stop = new AbortController();
  const audit = auditLog({ sink: jsonlAuditSink(trail), key: 'threat-trail-key' });
  const incidents = incidentTracker({ audit, packs: ['gdpr', 'eu-ai-act', 'dora'] });
  const threats: Threat[] = [];
  const pending: Promise<unknown>[] = [];
  const guard = threatGuard({
    ...options,
    onThreat: (t) => {
      threats.push(t);
      pending.push(incidents.fromThreat(t));
    },
    onStop: () => stop.abort(),
  });
  return { guard, stop, threats, incidents, settle: () => Promise.all(pending) };
}

describe('threatGuard in a real run', () => {
  it('lets ordinary work through at its defaults: the same tool with different arguments, one call a step, 30 steps', async () => {
    const trail = join(root, 'ordinary.jsonl');
    const { guard, stop, threats, settle } = guarded(trail);
    const lookup = counted('lookup');
    const steps = Array.from({ length: 30 }, (_, i) => ({ toolCalls: [{ name: 'lookup', args: { q: `account ${i}` } }] }));
    const provider = scriptedProvider([...steps, 'done']);
    const result = await createAgent({ provider, tools: [lookup], hooks: [guard], gate, maxTurns: 40 }).run('check every account', { stopSignal: stop.signal });
    await settle();
    expect(lookup.runs).toBe(30);
    expect(result.stopReason).not.toBe('stopped');
    expect(result.toolCalls.every((c) => c.status === 'ok')).toBe(true);
    expect(threats).toEqual([]);
  });

  it('stops a loop: the identical call past the limit is blocked with a coded reason, the run ends, one incident is opened', async () => {
    const trail = join(root, 'loop.jsonl');
    const { guard, stop, threats, incidents, settle } = guarded(trail, { loopRepeats: 2 });
    const lookup = counted('lookup');
    const same = { name: 'lookup', args: { q: 'balance' } };
    const provider = scriptedProvider([{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, 'done']);
    const result = await createAgent({ provider, tools: [lookup], hooks: [guard], gate }).run('check the balance', { stopSignal: stop.signal });
    await settle();
    expect(lookup.runs).toBe(2);
    expect(result.stopReason).toBe('stopped');
    expect(result.toolCalls.map((c) => c.status)).toEqual(['ok', 'ok', 'blocked']);
    expect(threats.map((t) => t.code)).toEqual(['policy.tool_loop']);
    expect(threats[0]!.error.hint).toMatch(/looping/);
    expect(guard.stoppedWith(result.runId)?.code).toBe('policy.tool_loop');

    const lines = readFileSync(trail, 'utf8').trim().split('\n');
    expect((await verifyAudit(lines, 'threat-trail-key')).ok).toBe(true);
    const { open } = readIncidents(lines);
    expect(open).toHaveLength(1);
    expect(open[0]!.cause).toBe('tool_loop');
    expect(open[0]!.runId).toBe(result.runId);
    expect(new Set(open[0]!.deadlines.map((d) => d.regime))).toEqual(new Set(['gdpr', 'eu-ai-act', 'dora']));
    expect(incidents.openIncidents()).toHaveLength(1);
  });

  it('opens the breaker of a tool that keeps failing, for that run only, and the run goes on', async () => {
    const trail = join(root, 'breaker.jsonl');
    const { guard, threats, settle } = guarded(trail, { breakerFailures: 2 });
    const flaky = counted('flaky', true);
    const other = counted('other');
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'flaky', args: { q: '1' } }] },
      { toolCalls: [{ name: 'flaky', args: { q: '2' } }] },
      { toolCalls: [{ name: 'flaky', args: { q: '3' } }, { name: 'other', args: { q: '1' } }] },
      'gave up on flaky',
    ]);
    const agent = createAgent({ provider, tools: [flaky, other], hooks: [guard], gate });
    const result = await agent.run('use flaky');
    await settle();
    expect(flaky.runs).toBe(2);
    expect(other.runs).toBe(1);
    expect(result.stopReason).not.toBe('stopped');
    expect(result.toolCalls.map((c) => `${c.name}:${c.status}`)).toEqual(['flaky:error', 'flaky:error', 'flaky:blocked', 'other:ok']);
    expect(threats.map((t) => t.code)).toEqual(['policy.tool_breaker_open']);
    expect(guard.openBreakers(result.runId)).toEqual(['flaky']);
    // Another run starts with the breaker closed.
    const second = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'flaky', args: { q: '4' } }] }, 'done']), tools: [flaky], hooks: [guard], gate }).run('again');
    expect(second.toolCalls.map((c) => c.status)).toEqual(['error']);
    expect(flaky.runs).toBe(3);
  });

  it('stops a tool storm: too many calls within the step window', async () => {
    const trail = join(root, 'storm.jsonl');
    const { guard, stop, threats, settle } = guarded(trail, { storm: { calls: 4, steps: 2 } });
    const fetcher = counted('fetch_page');
    const burst = (from: number) => ({ toolCalls: [0, 1, 2].map((i) => ({ name: 'fetch_page', args: { q: `p${from + i}` } })) });
    const provider = scriptedProvider([burst(0), burst(3), burst(6), 'done']);
    const result = await createAgent({ provider, tools: [fetcher], hooks: [guard], gate }).run('read everything', { stopSignal: stop.signal });
    await settle();
    expect(threats.map((t) => t.code)).toEqual(['policy.tool_storm']);
    expect(threats[0]!.detail).toMatchObject({ calls: 5, limit: 4 });
    expect(fetcher.runs).toBe(4);
    expect(result.stopReason).toBe('stopped');
    expect(readIncidents(readFileSync(trail, 'utf8').trim().split('\n')).open.map((i) => i.cause)).toEqual(['tool_storm']);
  });

  it('stops runaway delegation across every run that shares the guard (a run tree)', async () => {
    const trail = join(root, 'delegation.jsonl');
    const { guard, threats, settle } = guarded(trail, { delegation: { max: 2 } });
    const spawn = counted('spawn_agent');
    const call = (q: string) => ({ toolCalls: [{ name: 'spawn_agent', args: { q } }] });
    const parent = await createAgent({ provider: scriptedProvider([call('a'), call('b'), 'done']), tools: [spawn], hooks: [guard], gate }).run('fan out');
    const child = await createAgent({ provider: scriptedProvider([call('c'), 'done']), tools: [spawn], hooks: [guard], gate }).run('fan out more');
    await settle();
    expect(parent.toolCalls.map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(child.toolCalls.map((c) => c.status)).toEqual(['blocked']);
    expect(spawn.runs).toBe(2);
    expect(threats.map((t) => t.code)).toEqual(['policy.runaway_delegation']);
  });

  it('refuses bad limits and unknown options with coded errors', () => {
    expect(() => threatGuard({ loopRepeats: 0 })).toThrow(expect.objectContaining({ code: 'policy.invalid' }));
    expect(() => threatGuard({ loops: 2 } as never)).toThrow(expect.objectContaining({ code: 'config.unknown_key' }));
  });
});
