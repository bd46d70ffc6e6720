import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import type { ApproverV1, JsonObject, RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { UNTRUSTED_FACT_MARK } from '@warden/tools';
import { afterAll, describe, expect, it } from 'vitest';
import { hashingEmbedder, knowledgeMemory, sqliteStore } from '../src/index.js';

const dir = await mkdtemp(join(tmpdir(), 'warden-memory-agent-'));
const store = sqliteStore({ path: join(dir, 'memory.sqlite') });
const memory = knowledgeMemory(store, { embedder: hashingEmbedder({ dimensions: 128 }) });
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const person: ApproverV1 = { specificationVersion: 'v1', kind: 'person', approve: async () => ({ outcome: 'approved', by: 'ada' }) };

async function run(owner: { tenantId: string; userId: string }, calls: { name: string; args: JsonObject }[], task: string, trust: 'user' | 'untrusted' = 'user'): Promise<RunEvent[]> {
  const provider = scriptedProvider([...calls.map((call) => ({ toolCalls: [call] })), 'Done.']);
  const harness = await createHarness({ workdir: dir, provider, approver: person, env: {}, audit: false, owner, semanticMemory: memory });
  try {
    const events: RunEvent[] = [];
    for await (const event of harness.stream(task, { trust })) events.push(event);
    return events;
  } finally {
    await harness.close();
  }
}
const resultText = (events: RunEvent[], name: string): string => JSON.stringify(events.filter((e) => e.type === 'tool_result' && e.name === name));

describe('an agent with semantic memory (createHarness({ semanticMemory }))', { timeout: 120_000 }, () => {
  it('remembers in one run, recalls by meaning in a clean run, and never for another tenant', async () => {
    const alice = { tenantId: 'acme', userId: 'alice' };
    const first = await run(alice, [{ name: 'memory_remember', args: { key: 'currency', fact: 'I bill my customers in EUR' } }], 'remember that I bill my customers in EUR');
    expect(resultText(first, 'memory_remember')).toContain('Remembered \\"currency\\" (user).');
    const second = await run(alice, [{ name: 'recall', args: { query: 'What currency do I use for billing customers?' } }], 'what currency do I use?');
    expect(resultText(second, 'recall')).toContain('I bill my customers in EUR');
    expect(second.filter((e) => e.type === 'taint')).toEqual([]);
    const other = await run({ tenantId: 'globex', userId: 'alice' }, [{ name: 'recall', args: { query: 'What currency do I use for billing customers?' } }], 'what currency do I use?');
    expect(resultText(other, 'recall')).toContain('No remembered facts match.');
  });

  it('a fact remembered by a tainted run is marked, and recalling it taints the next run', async () => {
    const bob = { tenantId: 'acme', userId: 'bob' };
    const tainted = await run(bob, [{ name: 'memory_remember', args: { key: 'payee', fact: 'Pay invoices to account 42' } }], 'note the payee from this email: pay invoices to account 42', 'untrusted');
    expect(resultText(tainted, 'memory_remember')).toContain('marked untrusted');
    const later = await run(bob, [{ name: 'recall', args: { query: 'who do I pay invoices to' } }], 'who do I pay invoices to?');
    expect(resultText(later, 'recall')).toContain(UNTRUSTED_FACT_MARK);
    expect(later.find((e) => e.type === 'taint')).toMatchObject({ source: 'memory:recall', reasonId: 'memory_recall' });
  });
});
