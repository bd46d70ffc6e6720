import { describe, expect, it } from 'vitest';
import { INTERRUPTED_RESULT_TEXT } from '@warden/protocol/history';
import type { ApprovalRecord, SessionRecord } from '@warden/protocol';
import { contractRecords as R } from './contract-records.js';
import { repairRecords } from './record-repair.js';

const header: SessionRecord = { type: 'header', id: 'h', at: 'now', sessionId: 's', owner: {}, protocolVersion: '1.0.0' };
const approval = (callId: string, id: string, answered: boolean): ApprovalRecord => ({
  type: 'approval',
  id,
  at: 'now',
  request: { id: `req-${callId}`, runId: 'r', step: 1, call: { id: callId, name: 'shell', args: {} }, decision: { effect: 'ask', reason: 'x', rule: 'y' }, createdAt: 'now' },
  ...(answered ? { answer: { outcome: 'approved' as const } } : {}),
});

describe('repairRecords', () => {
  it('collapses records written twice and duplicate tool rows', () => {
    const user = R.user('hi', 'u1');
    const out = repairRecords([header, user, user, R.toolCall('c1', 't', 'a'), R.toolCall('c1', 't', 'b'), R.toolResult('c1', 't', 'one', 'x'), R.toolResult('c1', 't', 'two', 'y')]);
    expect(out.records.map((r) => r.id)).toEqual(['h', 'u1', 'a', 'x']);
    expect(out.warnings).toEqual(['collapsed 1 record(s) written twice', 'collapsed 2 duplicate tool row(s) (same call id)']);
  });

  it('keeps the header and approvals still waiting from before the latest compaction', () => {
    const out = repairRecords([
      header,
      R.user('old', 'old'),
      approval('c7', 'waiting', false),
      approval('c8', 'done', true),
      R.compaction('one', [], 'k1'),
      R.compaction('two', [], 'k2'),
      R.user('new', 'new'),
    ]);
    expect(out.records.map((r) => r.id)).toEqual(['h', 'waiting', 'k2', 'new']);
  });

  it('closes calls without results, but not calls waiting for approval', () => {
    const out = repairRecords([header, R.assistant('', [{ id: 'c1', name: 'shell' }, { id: 'c2', name: 'shell' }], 'a'), approval('c2', 'ap', false)]);
    const synthetic = out.records.filter((r) => r.type === 'tool_result');
    expect(synthetic).toEqual([
      { type: 'tool_result', id: 'interrupted:c1', at: expect.any(String), result: { type: 'tool_result', callId: 'c1', name: 'shell', isError: true, content: [{ type: 'text', text: INTERRUPTED_RESULT_TEXT }] } },
    ]);
    expect(out.warnings).toEqual(['1 tool call(s) had no result (interrupted): c1']);
  });
});
