import path from 'node:path';
import type { RunEvent, ToolV1 } from '@warden/protocol';
import { openaiCompatible } from '@warden/providers';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, verifyAuditFile } from '../src/index.js';
import { countSyncs } from './helpers/count-syncs.js';
import { startStepServer } from './helpers/counting-model.js';
import { tempWorkspace } from './helpers/workspace.js';

const add: ToolV1 = {
  specificationVersion: 'v1',
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
  annotations: { readOnly: true },
  execute: (args) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }),
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Disk syncs of one `warden run`-like run (defaults: JSONL session, audit trail; `agent.stream()` iterated) of `steps` tool steps. */
async function syncsOfRun(steps: number, streaming: boolean): Promise<{ syncs: number; dir: string; auditFile: string }> {
  const server = await startStepServer(steps);
  cleanups.push(server.close);
  const dir = tempWorkspace('warden-syncs-');
  const provider = openaiCompatible({ baseURL: server.baseURL, model: 'fake', apiKey: 'sk-test-not-a-real-key-000000', local: true });
  const harness = await createHarness({ workdir: dir, provider, tools: [add], maxTurns: steps + 5, streaming, env: {} });
  cleanups.push(() => harness.close());
  const counter = await countSyncs();
  let tools = 0;
  let end: RunEvent | undefined;
  try {
    for await (const event of harness.agent.stream('add the numbers')) {
      if (event.type === 'tool_result') tools += 1;
      if (event.type === 'run_end') end = event;
    }
  } finally {
    counter.restore();
  }
  expect(end).toMatchObject({ stopReason: 'done', output: 'all added' });
  expect(tools).toBe(steps);
  return { syncs: counter.count(), dir, auditFile: harness.auditFile! };
}

describe('disk syncs per tool step of the full harness (JSONL session + audit trail)', () => {
  for (const streaming of [false, true]) {
    it(`needs at most 2 per tool step — the call, then its result — plus a few per run (${streaming ? 'streamed' : 'not streamed'})`, async () => {
      const small = await syncsOfRun(3, streaming);
      const large = await syncsOfRun(13, streaming);
      if (process.env.SHOW_SYNCS) process.stderr.write(`syncs: 3 steps ${small.syncs}, 13 steps ${large.syncs}\n`);
      // What 10 more tool steps cost: the write-ahead minimum is 2 per step.
      expect(large.syncs - small.syncs).toBeLessThanOrEqual(2 * 10);
      // And the whole run: session create (file + directory), the task, the final answer, the trail's one sync.
      expect(large.syncs).toBeLessThanOrEqual(2 * 13 + 6);
      expect(large.syncs).toBeGreaterThanOrEqual(13); // the counter sees them: each call is durable before it runs
      // What the syncs covered is all there: the trail verifies and holds each call's decision and execution.
      const audit = await verifyAuditFile(large.auditFile);
      expect(audit.ok).toBe(true);
      expect(audit.entries).toBeGreaterThanOrEqual(3 * 13);
      expect(path.isAbsolute(large.dir)).toBe(true);
    }, 60_000);
  }
});
