import { describe, expect, it } from 'vitest';
import { ConfigError, ProtocolError, ToolError, type ProviderV1 } from '@warden/protocol';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent, type AgentOptions } from '../src/index.js';
import { makeTool } from './helpers.js';

const provider = scriptedProvider([]);

describe('createAgent options are checked once, at the boundary', () => {
  const bad: Array<[string, AgentOptions, string]> = [
    ['an unknown key', { provider, maxTurn: 3 } as unknown as AgentOptions, 'config.unknown_key'],
    ['an unknown budget key', { provider, budget: { tokens: 3 } } as unknown as AgentOptions, 'config.unknown_key'],
    ['an unknown compaction key', { provider, compaction: { threshold: 3 } } as unknown as AgentOptions, 'config.unknown_key'],
    ['an unknown session key', { provider, session: { store: memorySessionStore(), path: 'x' } } as unknown as AgentOptions, 'config.unknown_key'],
    ['maxTurns 0', { provider, maxTurns: 0 }, 'config.invalid'],
    ['concurrency 1.5', { provider, concurrency: 1.5 }, 'config.invalid'],
    ['a negative budget', { provider, budget: { costUsd: -1 } }, 'config.invalid'],
    ['a bad onExceed', { provider, budget: { onExceed: 'explode' } } as unknown as AgentOptions, 'config.invalid'],
    ['a threshold fraction above 1', { provider, compaction: { thresholdFraction: 2 } }, 'config.invalid'],
    ['a sub-agent without an allowlist', { provider, subagents: { a: { description: 'd' } } } as unknown as AgentOptions, 'config.invalid'],
    ['no provider', {} as AgentOptions, 'config.invalid'],
  ];
  for (const [name, options, code] of bad) {
    it(`refuses ${name} with ${code}`, () => {
      let error: unknown;
      try {
        createAgent(options);
      } catch (e) {
        error = e;
      }
      expect(ConfigError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code });
    });
  }

  it('names the unknown key', () => {
    expect(() => createAgent({ provider, maxTurn: 3 } as unknown as AgentOptions)).toThrow(/"maxTurn"/);
  });

  it.each([
    ['createAgent', { provider, maxTurn: 3 }, 'maxTurns'],
    ['budget', { provider, budget: { costUSD: 1 } }, 'costUsd'],
    ['compaction', { provider, compaction: { keepRecent: 2, keepRecentMesages: 2 } }, 'keepRecentMessages'],
    ['context', { provider, context: { tenantID: 't' } }, 'tenantId'],
  ])('a misspelt key in %s says "did you mean"', (where, options, meant) => {
    let error: unknown;
    try {
      createAgent(options as unknown as AgentOptions);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'config.unknown_key' });
    expect((error as Error).message).toContain(`${where}: unknown option`);
    expect((error as Error).message).toContain(`did you mean "${meant}"?`);
  });

  it('refuses two tools with one name, and a tool named delegate when sub-agents are configured', () => {
    const t = makeTool('t', () => 'x');
    expect(() => createAgent({ provider, tools: [t, t] })).toThrow(expect.objectContaining({ code: 'tool.duplicate_name' }) as Error);
    const d = makeTool('delegate', () => 'x');
    let error: unknown;
    try {
      createAgent({ provider, tools: [d], subagents: { a: { description: 'x', tools: [] } } });
    } catch (e) {
      error = e;
    }
    expect(ToolError.isInstance(error)).toBe(true);
  });

  it('refuses a tool whose name no provider accepts', () => {
    expect(() => createAgent({ provider, tools: [makeTool('read file', () => 'x')] })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }) as Error);
  });

  it('an empty subagents map adds no delegate tool and reserves nothing', async () => {
    const p = scriptedProvider(['ok']);
    await createAgent({ provider: p, tools: [makeTool('delegate', () => 'mine')], subagents: {} }).run('x');
    expect(p.requests[0]!.tools?.map((t) => t.name)).toEqual(['delegate']);
  });

  it('refuses an interface with an unknown specificationVersion', () => {
    const v2 = { ...provider, specificationVersion: 'v2' } as unknown as ProviderV1;
    let error: unknown;
    try {
      createAgent({ provider: v2 });
    } catch (e) {
      error = e;
    }
    expect(ProtocolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'protocol.unsupported_version' });
  });
});
