import { describe, expect, it } from 'vitest';
import { historyFromRecords, INTERRUPTED_RESULT_TEXT } from '../src/history.js';
import { ProviderError, SessionError, type SessionRecord, type StreamPart } from '../src/index.js';
import { memoryApprovalStore, memorySessionStore, recordingGate, scriptedProvider } from '../src/testing.js';

const user = (text: string) => ({ role: 'user' as const, parts: [{ type: 'text' as const, text }] });

describe('scriptedProvider', () => {
  it('replays text, tool calls, errors and functions of the request, recording every request', async () => {
    const provider = scriptedProvider([
      'hello',
      { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }] },
      new Error('boom'),
      (request) => `you said ${request.messages.length} messages`,
    ]);
    const first = await provider.complete({ messages: [user('hi')] });
    expect(first.message.parts).toEqual([{ type: 'text', text: 'hello' }]);
    expect(first.finishReason).toBe('stop');
    const second = await provider.complete({ messages: [user('read it')] });
    expect(second.finishReason).toBe('tool_calls');
    expect(second.message.parts[0]).toMatchObject({ type: 'tool_call', name: 'read_file', args: { path: 'a.txt' }, id: 'call_1_0' });
    await expect(provider.complete({ messages: [user('x')] })).rejects.toThrow('boom');
    const fourth = await provider.complete({ messages: [user('a'), user('b')] });
    expect(fourth.message.parts).toEqual([{ type: 'text', text: 'you said 2 messages' }]);
    expect(provider.requests).toHaveLength(4);
    expect(provider.remaining()).toBe(0);
  });

  it('fails with a typed error when the script is exhausted', async () => {
    const provider = scriptedProvider([]);
    await expect(provider.complete({ messages: [user('x')] })).rejects.toSatisfy(
      (e: unknown) => ProviderError.isInstance(e) && e.code === 'provider.script_exhausted',
    );
  });

  it('streams deltas and ends with one finish part equal to the complete response', async () => {
    const provider = scriptedProvider([{ text: 'streamed answer', toolCalls: [{ name: 'grep', args: { pattern: 'x' } }] }], { chunkSize: 4 });
    const parts: StreamPart[] = [];
    for await (const part of provider.stream({ messages: [user('x')] })) parts.push(part);
    const text = parts.filter((p) => p.type === 'text_delta').map((p) => (p.type === 'text_delta' ? p.text : '')).join('');
    expect(text).toBe('streamed answer');
    expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
    expect(parts.at(-1)?.type).toBe('finish');
    expect(parts.some((p) => p.type === 'tool_call_delta')).toBe(true);
  });

  it('a delayed turn is cancelled by the signal', async () => {
    const provider = scriptedProvider([{ text: 'late', delayMs: 10_000 }]);
    const controller = new AbortController();
    const pending = provider.complete({ messages: [user('x')] }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy((e: unknown) => ProviderError.isInstance(e) && e.code === 'provider.aborted');
  });

  it('prices calls when given a price', async () => {
    const provider = scriptedProvider([{ text: 'x', usage: { inputTokens: 1_000_000, outputTokens: 0 } }], { pricePerMillion: { input: 2, output: 8 } });
    expect((await provider.complete({ messages: [user('x')] })).costUsd).toBe(2);
  });
});

describe('memorySessionStore', () => {
  it('versions appends, refuses stale versions and dedupes operation ids', async () => {
    const store = memorySessionStore();
    const { id, version } = await store.create({ owner: { userId: 'u1' } });
    expect(version).toBe(1);
    const record: SessionRecord = { type: 'message', id: 'm1', at: new Date().toISOString(), message: user('hello') };
    expect(await store.append(id, [record], { expectedVersion: 1, opId: 'op1' })).toEqual({ version: 2 });
    expect(await store.append(id, [record], { expectedVersion: 1, opId: 'op1' })).toEqual({ version: 2, duplicate: true });
    await expect(store.append(id, [record], { expectedVersion: 1 })).rejects.toSatisfy(
      (e: unknown) => SessionError.isInstance(e) && e.code === 'session.version_conflict',
    );
    expect((await store.load(id)).records).toHaveLength(2);
  });

  it('treats another owner exactly like a missing session', async () => {
    const store = memorySessionStore();
    const { id } = await store.create({ owner: { userId: 'alice', tenantId: 't1' } });
    const missing = await store.load('nope').catch((e: unknown) => e);
    const foreign = await store.load(id, { userId: 'bob' }).catch((e: unknown) => e);
    expect((foreign as SessionError).code).toBe((missing as SessionError).code);
    expect((foreign as SessionError).message).toBe((missing as SessionError).message.replace('nope', id));
    expect(await store.list({ userId: 'bob' })).toEqual([]);
    expect((await store.list({ tenantId: 't1' })).map((s) => s.id)).toEqual([id]);
  });
});

describe('recordingGate', () => {
  it('records decisions and maps tool names to effects', async () => {
    const gate = recordingGate({ shell: 'deny', '*': 'allow' });
    const ctx = { runId: 'r', step: 1, tainted: false };
    expect((await gate.decide({ id: '1', name: 'shell', args: { command: 'ls' } }, ctx)).effect).toBe('deny');
    expect((await gate.decide({ id: '2', name: 'read_file', args: {} }, ctx)).effect).toBe('allow');
    expect(gate.decisions.map((d) => d.decision.rule)).toEqual(['recording-gate.deny', 'recording-gate.allow']);
  });
});

describe('memoryApprovalStore', () => {
  it('lets exactly one taker claim an answered approval', async () => {
    const store = memoryApprovalStore();
    const request = {
      id: 'a1', runId: 'r', step: 1, createdAt: new Date().toISOString(),
      call: { id: 'c1', name: 'write_file', args: { path: 'a' } },
      decision: { effect: 'ask' as const, reason: 'mutating', rule: 'mode.safe' },
    };
    await store.put(request);
    expect(await store.claim('a1', 'p1')).toBe(false); // not answered yet
    await store.answer('a1', { outcome: 'approved', by: 'lead' });
    const claims = await Promise.all([store.claim('a1', 'p1'), store.claim('a1', 'p2')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

describe('historyFromRecords', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const assistantCalls: SessionRecord = {
    type: 'message', id: 'a1', at,
    message: { role: 'assistant', parts: [
      { type: 'tool_call', id: 'c1', name: 'read_file', args: {} },
      { type: 'tool_call', id: 'c2', name: 'grep', args: {} },
    ] },
  };
  const result = (callId: string, id = callId): SessionRecord => ({
    type: 'tool_result', id, at, result: { type: 'tool_result', callId, name: 'x', content: [{ type: 'text', text: callId }], isError: false },
  });

  it('regroups results in call order, collapses duplicates and closes interrupted calls', () => {
    const history = historyFromRecords([
      { type: 'message', id: 'u', at, message: user('go') },
      assistantCalls,
      result('c2'),
      result('c2', 'dup'),
    ]);
    expect(history.duplicateResults).toBe(1);
    expect(history.interruptedCallIds).toEqual(['c1']);
    const tool = history.messages[2]!;
    expect(tool.role).toBe('tool');
    expect(tool.parts.map((p) => (p.type === 'tool_result' ? [p.callId, p.isError] : null))).toEqual([['c1', true], ['c2', false]]);
    expect(JSON.stringify(tool)).toContain(INTERRUPTED_RESULT_TEXT.slice(0, 30));
  });

  it('starts from the latest compaction', () => {
    const history = historyFromRecords([
      { type: 'message', id: 'u', at, message: user('old') },
      { type: 'compaction', id: 'k', at, summary: 's', messages: [user('summary')], tokensBefore: 10, tokensAfter: 2 },
      { type: 'message', id: 'u2', at, message: user('new') },
    ]);
    expect(history.messages.map((m) => (m.parts[0] as { text: string }).text)).toEqual(['summary', 'new']);
  });

  it('keeps a call that waits for approval open instead of calling it interrupted', () => {
    const history = historyFromRecords([
      assistantCalls,
      result('c1'),
      {
        type: 'approval', id: 'ap', at,
        request: { id: 'ap1', runId: 'r', step: 1, createdAt: at, call: { id: 'c2', name: 'grep', args: {} }, decision: { effect: 'ask', reason: 'r', rule: 'mode.safe' } },
      },
    ]);
    expect(history.interruptedCallIds).toEqual([]);
    expect(history.pendingApprovals.map((p) => p.id)).toEqual(['ap1']);
  });
});

describe('approvalDigest', () => {
  it('is stable under key order and changes with any argument', async () => {
    const { approvalDigest, canonicalJson } = await import('../src/policy.js');
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: null }] })).toBe('{"a":[2,{"c":null,"d":1}],"b":1}');
    const a = approvalDigest({ name: 'shell', args: { command: 'ls', cwd: '.' } });
    expect(approvalDigest({ name: 'shell', args: { cwd: '.', command: 'ls' } })).toBe(a);
    expect(approvalDigest({ name: 'shell', args: { command: 'ls -a', cwd: '.' } })).not.toBe(a);
    expect(approvalDigest({ name: 'shelL', args: { command: 'ls', cwd: '.' } })).not.toBe(a);
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('is pinned: SHA-256 of the canonical { name, args } (stored approvals depend on it)', async () => {
    const { createHash } = await import('node:crypto');
    const { approvalDigest } = await import('../src/policy.js');
    const expected = createHash('sha256').update('{"args":{"a":1,"b":[true,null]},"name":"x"}', 'utf8').digest('hex');
    expect(approvalDigest({ name: 'x', args: { b: [true, null], a: 1 } })).toBe(`sha256:${expected}`);
  });

  it('canonicalJson leaves out undefined keys and refuses what JSON cannot carry', async () => {
    const { canonicalJson } = await import('../src/policy.js');
    expect(canonicalJson({ b: undefined, a: 'é\n' })).toBe('{"a":"é\\n"}');
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
    let deep: unknown = 1;
    for (let i = 0; i < 300; i += 1) deep = [deep];
    expect(() => canonicalJson(deep)).toThrow(/too deeply/);
  });
});

describe('memoryApprovalStore.put', () => {
  it('never resets an answered approval to pending', async () => {
    const store = memoryApprovalStore();
    const request = {
      id: 'a2', runId: 'r', step: 1, createdAt: new Date().toISOString(),
      call: { id: 'c1', name: 'write_file', args: {} },
      decision: { effect: 'ask' as const, reason: 'mutating', rule: 'mode.safe' },
    };
    await store.put(request);
    await store.answer('a2', { outcome: 'denied', by: 'lead' });
    await store.put(request);
    expect((await store.get('a2'))?.status).toBe('denied');
  });
});
