import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sessionOf(stdout: string): string {
  const start = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; sessionId?: string }).find((e) => e.type === 'run_start');
  return start!.sessionId!;
}

/** The shortest prefix of `id` that no other id starts with. */
function uniquePrefix(id: string, others: string[]): string {
  let n = 1;
  while (others.some((other) => other !== id && other.startsWith(id.slice(0, n)))) n += 1;
  return id.slice(0, n);
}

/** The longest prefix the ids share (every one of them starts with it). */
function sharedPrefix(ids: string[]): string {
  let n = 0;
  while (ids.every((id) => id[n] !== undefined && id[n] === ids[0]![n])) n += 1;
  return ids[0]!.slice(0, n);
}

describe('random session ids, listed by time', () => {
  it('ids are random from the first character (no shared time prefix), and lists stay newest first', async () => {
    server = await startFakeOpenAI([], { text: 'ok' });
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const ids: string[] = [];
    for (const task of ['one', 'two', 'three', 'four']) ids.push(sessionOf((await runCli(['run', task, '--workdir', dir, '--json', ...args], { env })).stdout));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The old ids began with the creation time in base 36: the same 6 characters all day.
    expect(ids.some((id) => id.startsWith(Date.now().toString(36).slice(0, 6)))).toBe(false);
    const listed = (await runCli(['sessions', 'list', '--workdir', dir, '--json'], { env })).stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(listed).toEqual([...ids].reverse());
    // --resume takes the newest by time, whatever its id sorts as.
    const resumed = await runCli(['run', '--resume', 'and again', '--workdir', dir, '--json', ...args], { env });
    expect(sessionOf(resumed.stdout)).toBe(ids.at(-1));
  });
});

describe('unique id prefixes', () => {
  it('sessions show and delete take a unique prefix; an ambiguous one is a usage error listing the ids', async () => {
    server = await startFakeOpenAI([{ text: 'first answer' }, { text: 'second answer' }], { text: 'more' });
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const a = sessionOf((await runCli(['run', 'first', '--workdir', dir, '--json', ...args], { env })).stdout);
    const b = sessionOf((await runCli(['run', 'second', '--workdir', dir, '--json', ...args], { env })).stdout);

    const shown = await runCli(['sessions', 'show', uniquePrefix(a, [a, b]), '--workdir', dir], { env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('first answer');
    expect(shown.stdout).not.toContain('second answer');

    // Two sessions named on purpose with a common start: that start is ambiguous, and says which ids share it.
    const named = ['team-alpha-1', 'team-alpha-2'];
    for (const id of named) expect((await runCli(['run', 'named', '--session', id, '--new-session', '--workdir', dir, ...args], { env })).code).toBe(0);
    const ambiguous = await runCli(['sessions', 'show', sharedPrefix(named), '--workdir', dir], { env });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('cli.ambiguous_id');
    expect(ambiguous.stderr).toContain(named[0]);
    expect(ambiguous.stderr).toContain(named[1]);

    const deleted = await runCli(['sessions', 'delete', uniquePrefix(b, [a, b]), '--workdir', dir], { env });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(b);
    const listed = await runCli(['sessions', 'list', '--workdir', dir, '--json'], { env });
    expect(listed.stdout).toContain(a);
    expect(listed.stdout).not.toContain(b);
  });

  it('approvals approve and resume take a unique prefix', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'parked.txt', content: 'later\n' } }] }, { text: 'written after approval' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const parked = await runCli(['run', 'write parked.txt', '--workdir', dir, '--park', ...args], { env });
    expect(parked.code).toBe(4);
    const list = await runCli(['approvals', 'list', '--workdir', dir, '--json'], { env });
    const id = (JSON.parse(list.stdout.trim().split('\n')[0]!) as { request: { id: string } }).request.id;
    const prefix = id.slice(0, Math.max(4, Math.ceil(id.length / 2)));
    const approved = await runCli(['approvals', 'approve', prefix, '--workdir', dir], { env });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(id);
    const resumed = await runCli(['approvals', 'resume', prefix, '--workdir', dir, ...args], { env });
    expect(resumed.code).toBe(0);
    expect(readFileSync(path.join(dir, 'parked.txt'), 'utf8')).toBe('later\n');
  });
});

describe('a continued session runs in its own workspace', () => {
  it('--session FILE from another directory writes in the recorded workspace and its audit trail', async () => {
    server = await startFakeOpenAI([{ text: 'first run' }, { toolCalls: [{ name: 'write_file', args: { path: 'second.txt', content: 'here\n' } }] }, { text: 'wrote it' }]);
    const home = tempWorkspace();
    const elsewhere = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const id = sessionOf((await runCli(['run', 'start', '--workdir', home, '--json', ...args], { env })).stdout);
    const auditBefore = readFileSync(path.join(home, '.warden', 'audit.jsonl'), 'utf8').split('\n').length;

    const file = path.join(home, '.warden', 'sessions', `${id}.jsonl`);
    const second = await runCli(['run', '--session', file, 'write second.txt', '--yes', ...args], { cwd: elsewhere, env });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`session ${id} runs in its own workspace ${home}`);
    expect(readFileSync(path.join(home, 'second.txt'), 'utf8')).toBe('here\n');
    expect(existsSync(path.join(elsewhere, 'second.txt'))).toBe(false);
    expect(existsSync(path.join(elsewhere, '.warden'))).toBe(false);
    expect(readFileSync(path.join(home, '.warden', 'audit.jsonl'), 'utf8').split('\n').length).toBeGreaterThan(auditBefore);
  });

  it('a shared store: --session ID from elsewhere uses the recorded workspace; a gone workspace or another --workdir is refused', async () => {
    server = await startFakeOpenAI([{ text: 'recorded' }, { text: 'continued in place' }]);
    const home = tempWorkspace();
    const elsewhere = tempWorkspace();
    const store = `sqlite:${path.join(tempWorkspace(), 'sessions.db')}`;
    const { args, env } = fakeProvider(server.url);
    const id = sessionOf((await runCli(['run', 'start', '--workdir', home, '--sessions', store, '--json', ...args], { env })).stdout);

    const continued = await runCli(['run', '--session', id, '--sessions', store, 'go on', ...args], { cwd: elsewhere, env });
    expect(continued.code).toBe(0);
    expect(continued.stdout).toContain('continued in place');
    expect(continued.stderr).toContain(`runs in its own workspace ${home}`);

    const conflicting = await runCli(['run', '--session', id, '--sessions', store, '--workdir', elsewhere, 'go on', ...args], { env });
    expect(conflicting.code).toBe(1);
    expect(conflicting.stderr).toContain('cli.session_workspace');
    expect(conflicting.stderr).toContain(home);

    renameSync(home, `${home}-moved`);
    const gone = await runCli(['run', '--session', id, '--sessions', store, 'go on', ...args], { cwd: elsewhere, env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('no longer exists');
    expect(gone.stderr).toContain('cli.session_workspace');
    expect(server.requests).toHaveLength(2);
  });
});
