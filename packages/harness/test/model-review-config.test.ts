import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, HarnessConfig } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

describe('the model reviewer from config (review)', () => {
  it('a dangerous verdict turns an allowed write into a deny; the file is not written', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([
      { toolCalls: [{ id: 'w1', name: 'write_file', args: { path: 'notes.txt', content: 'hello' } }] },
      JSON.stringify({ verdict: 'dangerous', confidence: 0.9, reason: 'writes outside the task' }),
      'I could not write the file.',
    ]);
    const harness = await createHarness({ workdir: dir, provider, env: {}, mode: 'yolo', review: { instructions: 'Writing files is dangerous here.' } });
    const events: RunEvent[] = [];
    const result = await harness.run('Write hello to notes.txt', { onEvent: (e) => events.push(e) });
    await harness.close();
    expect(result.output).toBe('I could not write the file.');
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(false);
    const decision = events.find((e) => e.type === 'tool_decision');
    expect(decision).toMatchObject({ decision: { effect: 'deny', rule: 'review.dangerous' } });
    expect(JSON.stringify(provider.requests[1]!.messages)).toContain('Writing files is dangerous here.');
  });

  it('a review that is not a verdict fails closed (onFailure deny)', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([{ toolCalls: [{ id: 'w1', name: 'write_file', args: { path: 'notes.txt', content: 'hello' } }] }, 'Looks safe to me.', 'Stopped.']);
    const harness = await createHarness({ workdir: dir, provider, env: {}, mode: 'yolo', review: { onFailure: 'deny' } });
    const events: RunEvent[] = [];
    await harness.run('Write hello to notes.txt', { onEvent: (e) => events.push(e) });
    await harness.close();
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(false);
    expect(events.find((e) => e.type === 'tool_decision')).toMatchObject({ decision: { effect: 'deny', rule: 'review.malformed' } });
  });

  it('the config schema names a misspelt review key', () => {
    expect(HarnessConfig.safeParse({ review: { onFailure: 'deny', tools: ['write_*'] } }).success).toBe(true);
    expect(HarnessConfig.safeParse({ review: { onFailur: 'deny' } }).success).toBe(false);
  });
});
