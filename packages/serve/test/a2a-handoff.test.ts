import { readFileSync } from 'node:fs';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { HANDOFF_LIMITS, HANDOFF_MEDIA_TYPE, HANDOFF_RECEIPT_MEDIA_TYPE } from '@warden/protocol/handoff';
import type { Handoff, RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '@warden/harness';
import { createA2AServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'handoff-a2a-key-0123456789abcdef';
const auth = { serviceParameters: { authorization: `Bearer ${KEY}` } };

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The receiving side: a Warden agent named `writer`, served over A2A on localhost. */
async function writer(script: string[]) {
  const provider = scriptedProvider(script);
  const harness = await createHarness({ workdir: tempWorkspace(), provider, env: {}, approver: 'durable', owner: { userId: 'a2a:writer' } });
  const server = await createA2AServer({ agents: [{ name: 'writer', description: 'Writes.', harness }] });
  const http = await server.listen({ port: 0, keys: [KEY] });
  cleanup.push(async () => {
    await server.close();
    await harness.close();
  });
  return { provider, harness, url: http.agentUrls.writer! };
}

const record = (over: Partial<Handoff> = {}): Handoff => ({
  version: 1,
  id: 'hof-direct-1',
  from: 'researcher',
  to: 'writer',
  contextSummary: 'The bridge opened in 1932.',
  artifacts: ['notes/bridge.md'],
  metadata: {},
  createdAt: '2026-12-01T00:00:00.000Z',
  ...over,
});

function withHandoff(text: string, data: unknown): SendMessageRequest {
  return SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }, { data, mediaType: HANDOFF_MEDIA_TYPE }] } });
}

function receiptOf(task: Task): { status?: string; reason?: string; handoffId?: string } | undefined {
  const part = task.status?.message?.parts.find((p) => p.mediaType === HANDOFF_RECEIPT_MEDIA_TYPE);
  return part?.content?.$case === 'data' ? (part.content.value as { status: string }) : undefined;
}

describe('the Handoff record over A2A (real HTTP on localhost)', () => {
  it('a2aAgent sends the handoff as a data part; the Warden server starts the writer from it, records it, and answers with an accepted receipt', async () => {
    const far = await writer(['Paragraph written.']);
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'writer', args: { task: 'write the paragraph', handoff: { contextSummary: 'The bridge opened in 1932.', artifacts: ['notes/bridge.md'], suggestedNextAction: 'Write one paragraph.' } } }] },
      'done',
    ]);
    const near = await createHarness({ workdir: tempWorkspace(), provider, env: { WRITER_KEY: KEY }, approver: 'yes', a2aAgents: [{ name: 'writer', url: far.url, keyEnv: 'WRITER_KEY', description: 'A remote writer.' }] });
    cleanup.push(() => near.close());
    const events: RunEvent[] = [];
    await near.run('research the bridge, then hand over to the writer', { onEvent: (e) => events.push(e) });
    const result = events.find((e) => e.type === 'tool_result' && e.name === 'writer');
    const text = result?.type === 'tool_result' ? JSON.stringify(result.content) : '';
    expect(text).toContain('Paragraph written.');
    expect(text).toMatch(/\[handoff hof_[\w-]+: accepted\]/);
    // The writer's model saw the handoff's summary, artifacts and next action before the task.
    const seen = JSON.stringify(far.provider.requests[0]);
    for (const piece of ['The bridge opened in 1932.', 'notes/bridge.md', 'Write one paragraph.', 'Task: write the paragraph']) expect(seen).toContain(piece);
    expect(seen).not.toContain(HANDOFF_MEDIA_TYPE);
    // Stored in the writer's session and audit trail.
    const sessions = await far.harness.store.list({ userId: 'a2a:writer' });
    const session = await far.harness.store.load(sessions[0]!.id, { userId: 'a2a:writer' });
    expect(session.records.filter((r) => r.type === 'meta' && r.key.startsWith('warden.handoff')).map((r) => (r.type === 'meta' ? r.key : ''))).toEqual(['warden.handoff_received', 'warden.handoff_receipt']);
    const audit = readFileSync(far.harness.auditFile!, 'utf8');
    expect(audit).toContain('"kind":"handoff"');
    expect(audit).toContain('"status":"accepted"');
  });

  it('an invalid, misaddressed or oversized record is rejected with a receipt carrying the reason, and no run starts', async () => {
    const far = await writer(['never']);
    const client = await new ClientFactory().createFromUrl(far.url);
    const cases: Array<[unknown, string]> = [
      [record({ confidence: 2 }), 'protocol.invalid_value'],
      [record({ to: 'editor' }), 'handoff.wrong_agent'],
      [record({ contextSummary: 'x'.repeat(HANDOFF_LIMITS.contextSummaryChars), metadata: { pad: 'y'.repeat(HANDOFF_LIMITS.jsonBytes) } }), 'protocol.too_large'],
    ];
    for (const [data, code] of cases) {
      const task = (await client.sendMessage(withHandoff('write it', data), auth)) as Task;
      expect(task.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
      expect(receiptOf(task)).toMatchObject({ status: 'rejected', handoffId: 'hof-direct-1', reason: expect.stringContaining(code) });
      const session = await far.harness.store.load(`a2a-writer-${task.contextId}`, { userId: 'a2a:writer' });
      expect(session.records.some((r) => r.type === 'meta' && r.key === 'warden.handoff_receipt' && JSON.stringify(r.value).includes(code))).toBe(true);
    }
    expect(far.provider.requests).toHaveLength(0);
    expect(readFileSync(far.harness.auditFile!, 'utf8').match(/"kind":"handoff"/g)).toHaveLength(3);
  });
});
