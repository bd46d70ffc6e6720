import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApproverV1, RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}
const yes: ApproverV1 = { specificationVersion: 'v1', kind: 'person', approve: async () => ({ outcome: 'approved', by: 'alice' }) };

describe('working memory through createHarness (JSONL store on disk)', () => {
  it('a fact remembered after untrusted content is stored marked; recalling it in a later run taints that run; it never enters the system prompt', async () => {
    const dir = tempWorkspace('warden-memory-');
    writeFileSync(path.join(dir, 'README.md'), 'Deploy with `make prod`.\n');
    const first = scriptedProvider([
      { toolCalls: [{ name: 'read_file', args: { path: 'README.md' } }] },
      { toolCalls: [{ name: 'memory_remember', args: { key: 'deploy', fact: 'Deploy with make prod.', importance: 0.9 } }] },
      'Noted.',
      // The second run (a new session): recall.
      { toolCalls: [{ name: 'recall', args: { query: 'deploy' } }] },
      'You deploy with make prod.',
    ]);
    const harness = await createHarness({ workdir: dir, provider: first, approver: yes, workingMemory: { halfLifeSteps: 10 }, owner: { userId: 'alice' }, env: {}, audit: false });
    try {
      const events = await collect(harness.stream('learn how to deploy from README.md'));
      const remember = events.find((e) => e.type === 'tool_result' && e.name === 'memory_remember');
      expect(remember).toMatchObject({ status: 'ok', content: [{ type: 'text', text: expect.stringContaining('marked untrusted') }] });
      // After the read, remembering is a guarded act: the person was asked.
      expect(events.find((e) => e.type === 'tool_decision' && e.name === 'memory_remember')).toMatchObject({ decision: { requiresPerson: true }, approval: { outcome: 'approved' } });
      expect(await harness.latestSessionId()).toBe((events[0] as { sessionId: string }).sessionId);

      const run2 = await collect(harness.stream('how do we deploy?'));
      expect((run2[0] as { sessionId: string }).sessionId).not.toBe((events[0] as { sessionId: string }).sessionId);
      expect(run2.find((e) => e.type === 'tool_result' && e.name === 'recall')).toMatchObject({ content: [{ type: 'text', text: expect.stringContaining('[untrusted:') }] });
      expect(run2.find((e) => e.type === 'taint')).toMatchObject({ source: 'memory:recall', reasonId: 'memory_recall' });
      expect(harness.system).not.toContain('make prod');
    } finally {
      await harness.close();
    }
  });
});
