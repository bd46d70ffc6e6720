import { describe, expect, it } from 'vitest';
import type { StreamingAgent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import * as mod from '../src/index.js';
import pkg from '../package.json' with { type: 'json' };

describe('public surface', () => {
  it('pins the exported names', () => {
    expect(Object.keys(mod).sort()).toEqual(['CORE_WARNING_CODES', 'HANDOFF_META_KEY', 'HANDOFF_RECEIPT_META_KEY', 'HANDOFF_RECEIVED_META_KEY', 'MAIN_AGENT', 'SUMMARY_PROMPT', 'WRAP_UP_TEXT', 'createAgent', 'defaultGate', 'estimateTokens']);
  });

  it("an agent is protocol's StreamingAgent, which probes and packs drive", async () => {
    // Typed assignment: this line stops compiling if Agent and StreamingAgent drift apart.
    const agent: StreamingAgent = mod.createAgent({ provider: scriptedProvider(['hi']) });
    const types: string[] = [];
    for await (const event of agent.stream('x')) types.push(event.type);
    expect(types.at(-1)).toBe('run_end');
  });

  it('pins the package name and exports map', () => {
    expect(pkg.name).toBe('@warden/core');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json']);
  });
});
