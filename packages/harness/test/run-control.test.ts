import path from 'node:path';
import type { RunEvent, ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

/** A read-only tool that waits until the test lets it finish, and says when it started. */
function gatedTool(): { tool: ToolV1; started: Promise<void>; release(): void } {
  let release!: () => void;
  let started!: () => void;
  const go = new Promise<void>((resolve) => (release = resolve));
  const begun = new Promise<void>((resolve) => (started = resolve));
  const tool: ToolV1 = {
    specificationVersion: 'v1',
    name: 'slow_lookup',
    description: 'looks something up slowly',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnly: true },
    async execute(_args, ctx) {
      started();
      await Promise.race([go, new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))]);
      return 'looked up';
    },
  };
  return { tool, started: begun, release };
}

describe('harness.stop() and harness.abort()', () => {
  it('stop drains the runs in flight: the step finishes, the run ends stopped; a later run is not affected', async () => {
    const dir = tempWorkspace();
    const gated = gatedTool();
    const provider = scriptedProvider([{ toolCalls: [{ name: 'slow_lookup', args: {} }] }, 'never asked', 'a fresh answer']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false, sessions: path.join(dir, 'sessions'), tools: [gated.tool] });
    try {
      const events: RunEvent[] = [];
      const running = harness.run('look it up', { onEvent: (e) => events.push(e) });
      await gated.started;
      harness.stop('the customer withdrew the request');
      gated.release();
      const result = await running;
      expect(result.stopReason).toBe('stopped');
      expect(result.toolCalls.map((c) => c.status)).toEqual(['ok']);
      expect(provider.requests).toHaveLength(1);
      const later = await harness.run('something else');
      expect(later).toMatchObject({ stopReason: 'done' });
    } finally {
      await harness.close();
    }
  });

  it('abort cancels the runs in flight: the running tool is interrupted', async () => {
    const dir = tempWorkspace();
    const gated = gatedTool();
    const harness = await createHarness({ workdir: dir, provider: scriptedProvider([{ toolCalls: [{ name: 'slow_lookup', args: {} }] }, 'never']), env: {}, audit: false, sessions: path.join(dir, 'sessions'), tools: [gated.tool] });
    try {
      const running = harness.run('look it up');
      await gated.started;
      harness.abort();
      const result = await running;
      expect(result.stopReason).toBe('aborted');
      expect(result.toolCalls.map((c) => c.status)).toEqual(['interrupted']);
    } finally {
      await harness.close();
    }
  });

  it('a caller\'s own stopSignal drains its run through the harness', async () => {
    const dir = tempWorkspace();
    const gated = gatedTool();
    const harness = await createHarness({ workdir: dir, provider: scriptedProvider([{ toolCalls: [{ name: 'slow_lookup', args: {} }] }, 'never']), env: {}, audit: false, sessions: path.join(dir, 'sessions'), tools: [gated.tool] });
    try {
      const stop = new AbortController();
      const events: RunEvent[] = [];
      const streaming = (async () => {
        for await (const event of harness.stream('look it up', { stopSignal: stop.signal })) events.push(event);
      })();
      await gated.started;
      stop.abort();
      gated.release();
      await streaming;
      expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'stopped' });
    } finally {
      await harness.close();
    }
  });
});
