import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApproverV1, RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, validateHarnessOptions } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

function events(): { list: RunEvent[]; onEvent: (event: RunEvent) => void } {
  const list: RunEvent[] = [];
  return { list, onEvent: (event) => list.push(event) };
}

describe('the config\'s toolControls', () => {
  it('answers repeated reads from the run\'s cache, shows them cached and reports the hit rate (harness.report())', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }] },
      { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }, { name: 'list_files', args: {} }] },
      { toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }] },
      'done',
    ]);
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false, sessions: path.join(dir, '.warden', 'sessions'), toolControls: { read_file: { cacheable: true } } });
    try {
      const seen = events();
      const result = await harness.run('read a.txt three times', { onEvent: seen.onEvent });
      const reads = seen.list.filter((e): e is Extract<RunEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.name === 'read_file');
      expect(reads.map((e) => e.cached === true)).toEqual([false, true, true]);
      // The cached answer still went through redaction and the taint hooks: the run is tainted by the file.
      expect(result.tainted).toBe(true);
      expect(result.toolCache).toEqual({ hits: 2, misses: 1 });
      const report = await harness.report();
      expect(report.toolCache.hits).toBe(2);
      expect(report.toolCache.misses).toBe(1);
      expect(report.toolCache.hitRate).toBeCloseTo(2 / 3, 6);
    } finally {
      await harness.close();
    }
  });

  it('a permission in the config tightens a tool (ask, deny) and never loosens one', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    const asked: string[] = [];
    const approver: ApproverV1 = { specificationVersion: 'v1', kind: 'person', approve: async (request) => (asked.push(request.call.name), { outcome: 'denied', note: 'not now' }) };
    const provider = scriptedProvider([{ toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }, { name: 'list_files', args: {} }, { name: 'grep', args: { pattern: 'alpha' } }] }, 'done']);
    const harness = await createHarness({
      workdir: dir,
      provider,
      env: {},
      audit: false,
      sessions: path.join(dir, 'sessions'),
      approver,
      toolControls: { read_file: { permission: 'ask' }, list_files: { permission: 'deny' }, grep: { permission: 'allow' } },
    });
    try {
      const result = await harness.run('look at a.txt');
      expect(result.toolCalls.map((c) => [c.name, c.status, c.decision?.rule])).toEqual([
        ['read_file', 'denied', 'tool.permission'],
        ['list_files', 'denied', 'tool.permission'],
        ['grep', 'ok', expect.any(String)],
      ]);
      expect(asked).toEqual(['read_file']);
    } finally {
      await harness.close();
    }
    // `allow` in the config does not loosen the gate: write_file still asks in safe mode (no approver → denied).
    const loosen = await createHarness({ workdir: dir, provider: scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'b.txt', content: 'x' } }] }, 'done']), env: {}, audit: false, sessions: path.join(dir, 'sessions'), toolControls: { write_file: { permission: 'allow' } } });
    try {
      const result = await loosen.run('write b.txt');
      expect(result.toolCalls[0]).toMatchObject({ name: 'write_file', status: 'denied' });
      expect(result.toolCalls[0]!.decision!.effect).toBe('ask');
    } finally {
      await loosen.close();
    }
  });

  it('refuses a cacheable tool with effects, rejects bad entries and warns about names that match no tool', async () => {
    const dir = tempWorkspace();
    await expect(createHarness({ workdir: dir, provider: scriptedProvider(['done']), env: {}, audit: false, sessions: path.join(dir, 'sessions'), toolControls: { write_file: { cacheable: true } } })).rejects.toMatchObject({ code: 'tool.invalid_definition' });
    expect(validateHarnessOptions({ workdir: dir, toolControls: { read_file: { permission: 'sometimes' } } }).ok).toBe(false);
    expect(validateHarnessOptions({ workdir: dir, toolControls: { read_file: { cacheable: { ttlMs: 0 } } } }).ok).toBe(false);
    expect(validateHarnessOptions({ workdir: dir, toolControls: { read_file: { cache: true } } }).ok).toBe(false);
    const harness = await createHarness({ workdir: dir, provider: scriptedProvider(['done']), env: {}, audit: false, sessions: path.join(dir, 'sessions'), toolControls: { reed_file: { permission: 'deny' } } });
    try {
      expect(harness.warnings.map((w) => w.path)).toContain('toolControls.reed_file');
    } finally {
      await harness.close();
    }
  });
});
