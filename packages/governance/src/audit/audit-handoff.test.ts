import type { RunEvent } from '@warden/protocol';
import { Handoff } from '@warden/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redaction/redactor.js';
import { redactEvent } from '../redaction/redact-event.js';
import { argsDigest, auditLog } from './audit-log.js';
import { memoryAuditSink } from './audit-sinks.js';

const at = '2026-01-01T00:00:00.000Z';
const handoff = {
  version: 1 as const,
  id: 'hof_1',
  from: 'researcher',
  to: 'writer',
  contextSummary: 'sources found; the API key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD',
  artifacts: ['notes.md'],
  confidence: 0.8,
  metadata: { tainted: false },
  history: 'summary' as const,
  sticky: true,
  createdAt: at,
};
const events: RunEvent[] = [
  { type: 'run_start', runId: 'r1', at, task: 't', provider: 'p', model: 'm', agent: 'researcher' },
  { type: 'handoff', runId: 'r1', at, handoff, receipt: { version: 1, handoffId: 'hof_1', status: 'accepted', by: 'writer', at } },
  { type: 'subagent', runId: 'r1', at, phase: 'end', agent: 'a1', childRunId: 'r2', stopReason: 'done' },
];

describe('audit trail: who held the conversation when', () => {
  it('records the agent at run start, each handoff with its receipt, and spawned agents', async () => {
    const sink = memoryAuditSink();
    const log = auditLog({ sink });
    for (const event of events) await log.recordEvent(event);
    const entries = sink.lines.map((l) => JSON.parse(l) as { kind: string; data: Record<string, unknown> });
    expect(entries.map((e) => e.kind)).toEqual(['run_start', 'handoff', 'subagent']);
    expect(entries[0]!.data.agent).toBe('researcher');
    expect(entries[1]!.data).toMatchObject({ id: 'hof_1', from: 'researcher', to: 'writer', history: 'summary', receipt: { status: 'accepted', by: 'writer' } });
    expect(entries[2]!.data).toMatchObject({ phase: 'end', agent: 'a1', stopReason: 'done' });
  });

  it("hashes the summary and metadata under auditArgs: 'hash'", async () => {
    const sink = memoryAuditSink();
    await auditLog({ sink, auditArgs: 'hash' }).recordEvent(events[1]!);
    const data = (JSON.parse(sink.lines[0]!) as { data: Record<string, unknown> }).data;
    expect(data.contextSummary).toBe(argsDigest(handoff.contextSummary));
    expect(JSON.stringify(data)).not.toContain('sources found');
  });

  it('redacts the model-written text of a handoff event and keeps it valid', () => {
    const redacted = redactEvent(createRedactor(), events[1]!);
    if (redacted.type !== 'handoff') throw new Error('type changed');
    expect(redacted.handoff.contextSummary).not.toContain('sk-proj-abcdefghijklmnopqrstuvwxyz');
    expect(redacted.handoff.contextSummary).toContain('sources found');
    expect(Handoff.safeParse(redacted.handoff).success).toBe(true);
  });
});
