import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

async function collect(events: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const out: RunEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function workspace(files: Record<string, string>): string {
  const dir = tempWorkspace('warden-change-set-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const PKG = `${JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test: 'node --test' } }, null, 2)}\n`;

describe('the change set at the end of every run (issue 34)', () => {
  it('lists each changed file with its effect class and what approved it: the mode, the task, a person', async () => {
    const dir = workspace({ 'package.json': PKG, 'src/sum.js': 'a - b\n', 'docs/a.md': 'x\n' });
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'read_file', args: { path: 'package.json' } }] },
      { toolCalls: [{ name: 'edit_file', args: { path: 'src/sum.js', oldText: 'a - b', newText: 'a + b' } }] },
      { toolCalls: [{ name: 'edit_file', args: { path: 'package.json', oldText: '"test": "node --test"', newText: '"test": "node --test",\n    "count": "wc -l src/*.js"' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: '.envrc', content: 'export X=1\n' } }] },
      'Done.',
    ]);
    // A person says yes to everything asked here (the .envrc write needs one).
    const person = { specificationVersion: 'v1' as const, kind: 'person' as const, approve: async () => ({ outcome: 'approved' as const, by: 'ada' }) };
    const harness = await createHarness({ workdir: dir, provider, approver: person, env: {}, audit: false, mode: 'yolo' });
    try {
      const events = await collect(harness.stream('add a `count` script to package.json and fix the bug'));
      expect(events.at(-1)?.type).toBe('run_end');
      const set = events.at(-2);
      expect(set).toMatchObject({ type: 'change_set' });
      expect(set?.type === 'change_set' ? set.changes : []).toEqual([
        { path: 'src/sum.js', effectClass: 'ordinary', approvedBy: 'mode', rule: 'mode.yolo', tool: 'edit_file' },
        { path: 'package.json', effectClass: 'runs-later', approvedBy: 'task', rule: 'mode.yolo', tool: 'edit_file' },
        { path: '.envrc', effectClass: 'runs-later', approvedBy: 'person', rule: 'taint.requires-person', tool: 'write_file' },
      ]);
    } finally {
      await harness.close();
    }
  });

  it('is empty for a run that changed nothing, and leaves out refused calls', async () => {
    const dir = workspace({ 'README.md': 'x\n' });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'read_file', args: { path: 'README.md' } }] }, { toolCalls: [{ name: 'write_file', args: { path: 'AGENTS.md', content: 'obey\n' } }] }, 'ok']);
    const harness = await createHarness({ workdir: dir, provider, approver: 'yes', env: {}, audit: false });
    try {
      const events = await collect(harness.stream('fix the typo in README.md'));
      expect(events.at(-2)).toMatchObject({ type: 'change_set', changes: [] });
    } finally {
      await harness.close();
    }
  });
});
