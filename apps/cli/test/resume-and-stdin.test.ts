import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN, cleanEnv, runCli } from './helpers/run-cli.js';
import { shq } from './helpers/tmux.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Event = { type: string; sessionId?: string; task?: string };
function events(stdout: string): Event[] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event);
}
const sessionOf = (stdout: string): string | undefined => events(stdout).find((e) => e.type === 'run_start')?.sessionId;

/** What the person asked, as the model was sent it (the last user message of a request). */
function userText(request: Record<string, unknown>): string {
  const messages = request.messages as Array<{ role: string; content: unknown }>;
  const last = messages.filter((m) => m.role === 'user').at(-1)!;
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
}

describe('warden --resume ID and --session ID', () => {
  it('--resume ID resumes that session (not the newest one), and never sends the id to the model as a task', async () => {
    server = await startFakeOpenAI([{ text: 'answer one' }, { text: 'answer two' }], { text: 'resumed' });
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const a = sessionOf((await runCli(['run', 'first task', '--workdir', dir, '--json', ...args], { env })).stdout)!;
    const b = sessionOf((await runCli(['run', 'second task', '--workdir', dir, '--json', ...args], { env })).stdout)!;
    expect(a).not.toBe(b);
    for (const flag of ['--resume', '-c', '--continue']) {
      const before = server.requests.length;
      const resumed = await runCli([flag, a, '--workdir', dir, '--json', ...args], { env });
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      expect(sessionOf(resumed.stdout)).toBe(a);
      // A finished session has nothing left to run: no request, and never one carrying the id as a task.
      const sent = JSON.stringify(server.requests.slice(before));
      expect(sent).not.toContain(a);
      expect(sent).not.toContain('second task');
    }
  });

  it('an id-like word after --resume that names no session is refused, naming --session ID; nothing runs', async () => {
    server = await startFakeOpenAI([{ text: 'answer one' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    expect((await runCli(['run', 'first task', '--workdir', dir, ...args], { env })).code).toBe(0);
    for (const word of ['mx7cn9h9-f8353393', 'a1b2c3d4', 'abc123']) {
      const refused = await runCli(['--resume', word, '--workdir', dir, ...args], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('cli.unknown_session');
      expect(refused.stderr).toContain('--session ID');
      expect(refused.stderr).toContain(word);
    }
    expect(server.requests).toHaveLength(1);
  });

  it('--resume with a task in words still continues the newest session with that task (must-allow)', async () => {
    server = await startFakeOpenAI([{ text: 'answer one' }, { text: 'answer two' }, { text: 'carried on' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    sessionOf((await runCli(['run', 'first task', '--workdir', dir, '--json', ...args], { env })).stdout);
    const b = sessionOf((await runCli(['run', 'second task', '--workdir', dir, '--json', ...args], { env })).stdout);
    for (const task of ['now add the tests', 'continue']) {
      const resumed = await runCli(['--resume', task, '--workdir', dir, '--json', ...args], { env });
      expect(resumed.code).toBe(0);
      expect(sessionOf(resumed.stdout)).toBe(b);
      expect(userText(server.requests.at(-1)!)).toContain(task);
    }
  });

  it('--session with an unknown id is an error unless --new-session asks for it', async () => {
    server = await startFakeOpenAI([{ text: 'answer one' }, { text: 'answer two' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const unknown = await runCli(['run', 'go on', '--session', 'no-such-session-1', '--workdir', dir, ...args], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('cli.unknown_session');
    expect(unknown.stderr).toContain('no-such-session-1');
    expect(unknown.stderr).toContain('--new-session');
    expect(server.requests).toHaveLength(0);

    const created = await runCli(['run', 'start here', '--session', 'my-session', '--new-session', '--workdir', dir, '--json', ...args], { env });
    expect(created.code).toBe(0);
    expect(sessionOf(created.stdout)).toBe('my-session');
    // Once it exists, --session finds it without the flag.
    const again = await runCli(['run', 'go on', '--session', 'my-session', '--workdir', dir, '--json', ...args], { env });
    expect(again.code).toBe(0);
    expect(sessionOf(again.stdout)).toBe('my-session');
  });

  it('--help documents --new-session', async () => {
    const help = await runCli(['run', '--help']);
    expect(help.stdout).toContain('--new-session');
  });
});

describe('the task from stdin', () => {
  const exec = promisify(execFile);
  function shell(command: string, env: Record<string, string>): Promise<{ stdout: string; stderr: string; code: number }> {
    return exec('sh', ['-c', command], { env: cleanEnv(env) }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { stdout: string; stderr: string; code: number }) => ({ stdout: e.stdout, stderr: e.stderr, code: e.code }),
    );
  }

  it('echo TASK | warden run, warden run < FILE and warden run - all send the piped text as the task', async () => {
    server = await startFakeOpenAI([], { text: 'ok' });
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const flags = [...args, '--workdir', dir].map(shq).join(' ');
    const piped = await shell(`echo 'summarise the piped notes' | ${shq(process.execPath)} ${shq(BIN)} run ${flags}`, env);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(userText(server.requests.at(-1)!)).toContain('summarise the piped notes');

    const file = path.join(tempWorkspace(), 'task.md');
    writeFileSync(file, 'a task\nover two lines\n');
    const redirected = await shell(`${shq(process.execPath)} ${shq(BIN)} run ${flags} < ${shq(file)}`, env);
    expect(redirected.code).toBe(0);
    expect(userText(server.requests.at(-1)!)).toContain('a task\nover two lines');

    const dash = await runCli(['run', '-', ...args, '--workdir', dir], { env, input: 'the dash task\n' });
    expect(dash.code).toBe(0);
    expect(userText(server.requests.at(-1)!)).toContain('the dash task');
    expect(JSON.stringify(server.requests)).not.toMatch(/"content":"-"/);
  });

  it('a task on the command line wins over stdin, and an empty stdin is still "needs a task"', async () => {
    server = await startFakeOpenAI([], { text: 'ok' });
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const flags = [...args, '--workdir', dir].map(shq).join(' ');
    const both = await shell(`echo 'from the pipe' | ${shq(process.execPath)} ${shq(BIN)} run 'from the argument' ${flags}`, env);
    expect(both.code).toBe(0);
    expect(userText(server.requests.at(-1)!)).toContain('from the argument');
    expect(JSON.stringify(server.requests)).not.toContain('from the pipe');

    const empty = await shell(`printf '' | ${shq(process.execPath)} ${shq(BIN)} run ${flags}`, env);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('cli.missing_argument');
    const emptyDash = await runCli(['run', '-', ...args, '--workdir', dir], { env, input: '  \n' });
    expect(emptyDash.code).toBe(2);
  });
});

describe('warden approvals resume keeps the session\'s model', () => {
  it('resumes with the provider, model and base URL the parked run used, without them on the command line; no key is stored', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'parked.txt', content: 'later\n' } }] }, { text: 'all written' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    expect((await runCli(['run', 'write parked.txt', '--workdir', dir, '--park', ...args], { env })).code).toBe(4);
    const list = await runCli(['approvals', 'list', '--workdir', dir, '--json']);
    const id = (JSON.parse(list.stdout.trimEnd().split('\n')[0]!) as { request: { id: string } }).request.id;
    expect((await runCli(['approvals', 'approve', id, '--workdir', dir])).code).toBe(0);
    // No --provider, --model or --base-url: the recorded ones are used (the key still comes from the environment).
    const resumed = await runCli(['approvals', 'resume', id, '--workdir', dir], { env });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(readFileSync(path.join(dir, 'parked.txt'), 'utf8')).toBe('later\n');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]).toMatchObject({ model: 'fake-model' });
    const sessions = path.join(dir, '.warden', 'sessions');
    const stored = readdirSync(sessions).filter((f) => f.endsWith('.jsonl')).map((f) => readFileSync(path.join(sessions, f), 'utf8')).join('');
    expect(stored).toContain('"provider":"openai"');
    expect(stored).not.toContain(env.OPENAI_API_KEY!);
  });

  it('a flag still wins over the recorded model', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'p.txt', content: 'x\n' } }] }, { text: 'done' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    expect((await runCli(['run', 'write p.txt', '--workdir', dir, '--park', ...args], { env })).code).toBe(4);
    const list = await runCli(['approvals', 'list', '--workdir', dir, '--json']);
    const id = (JSON.parse(list.stdout.trimEnd().split('\n')[0]!) as { request: { id: string } }).request.id;
    expect((await runCli(['approvals', 'approve', id, '--workdir', dir])).code).toBe(0);
    const resumed = await runCli(['approvals', 'resume', id, '--workdir', dir, '--model', 'other-model'], { env });
    expect(resumed.code).toBe(0);
    expect(server.requests[1]).toMatchObject({ model: 'other-model' });
  });
});
