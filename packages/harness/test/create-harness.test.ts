import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, verifyAuditFile } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('createHarness (the composition the CLI runs)', () => {
  it('safe mode with no approver denies a write, stores the session, fences WARDEN.md as reference data and keeps a verifiable audit trail', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'WARDEN.md'), '- The build command is `make all`.\n');
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'x.txt', content: 'x' } }] }, 'ok']);
    const harness = await createHarness({ workdir: dir, provider, env: {} });
    try {
      const events = await collect(harness.agent.stream('write x.txt'));
      const decision = events.find((e) => e.type === 'tool_decision');
      expect(decision).toMatchObject({ decision: { effect: 'ask', rule: 'mode.safe' } });
      expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ status: 'denied' });
      expect(existsSync(path.join(dir, 'x.txt'))).toBe(false);
      const system = provider.requests[0]!.messages[0]!;
      expect(system.role).toBe('system');
      const text = JSON.stringify(system);
      expect(text).toContain('make all');
      expect(text).toContain('<reference-data source=\\"WARDEN.md\\">');
      const start = events[0]!;
      expect(start.type === 'run_start' && start.sessionId).toBeTruthy();
      const [summary] = await harness.store.list({ limit: 1 });
      expect(summary?.messageCount).toBeGreaterThan(0);
      const audit = await verifyAuditFile(harness.auditFile!);
      expect(audit.ok).toBe(true);
      expect(audit.entries).toBeGreaterThan(2);
    } finally {
      await harness.close();
    }
  });

  it('redacts secrets in tool output before the model and the events see them', async () => {
    const dir = tempWorkspace();
    const secret = 'AKIA' + 'Q3EXAMPLE7RT5ZXK';
    writeFileSync(path.join(dir, 'creds.txt'), `aws_access_key_id = ${secret}\n`);
    const provider = scriptedProvider([{ toolCalls: [{ name: 'read_file', args: { path: 'creds.txt' } }] }, 'done']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false });
    try {
      const events = await collect(harness.agent.stream('read creds'));
      expect(JSON.stringify(events)).not.toContain(secret);
      expect(JSON.stringify(provider.requests)).not.toContain(secret);
      expect(JSON.stringify(events.find((e) => e.type === 'tool_result'))).toContain('[redacted:');
    } finally {
      await harness.close();
    }
  });

  it('parks an ask as a durable approval (stop: approval) and runs exactly the approved call on resume', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'later.txt', content: 'approved later\n' } }] }, 'written']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, approver: 'durable', audit: false });
    try {
      const first = await collect(harness.agent.stream('write later.txt'));
      expect(first.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'approval' });
      const pending = await harness.approvals!.pending();
      expect(pending).toHaveLength(1);
      const id = pending[0]!.request.id;
      await harness.approvals!.approve(id, { by: 'reviewer' });
      const resolved = await harness.approvals!.resolve(id, { claimer: 'test' });
      expect(resolved.status).toBe('approved');
      if (resolved.status !== 'approved') return;
      const second = await collect(harness.agent.resumeStream(resolved.request.sessionId!, { approvals: { [resolved.request.call.id]: resolved.answer } }));
      expect(second.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
      expect(readFileSync(path.join(dir, 'later.txt'), 'utf8')).toBe('approved later\n');
      expect(provider.requests).toHaveLength(2);
    } finally {
      await harness.close();
    }
  });
});
