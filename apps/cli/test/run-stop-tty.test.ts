import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN } from './helpers/run-cli.js';
import { shq, startTmux, type TmuxSession } from './helpers/tmux.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
let tty: TmuxSession | undefined;
afterEach(async () => {
  tty?.kill();
  tty = undefined;
  await server?.close();
  server = undefined;
});

/** `warden run TASK` on a pseudo-terminal; the shell prints the exit code when it ends. */
function startRun(dir: string, url: string, task: string): TmuxSession {
  const { args, env } = fakeProvider(url);
  const vars = Object.entries({ ...env, NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
  const cli = [process.execPath, BIN, 'run', task, '--workdir', dir, '--mode', 'yolo', ...args].map(shq).join(' ');
  return startTmux(`cd ${shq(dir)} && env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`, { width: 160 });
}

/** Waits (polling, no time assertion) until the tool has created its marker. */
async function toolStarted(dir: string): Promise<void> {
  while (!existsSync(path.join(dir, '.tool-started'))) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('Ctrl-C on warden run (through a pseudo-terminal)', () => {
  it('the first Ctrl-C stops: the step in flight finishes, the run ends stopped with 130', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: 'touch .tool-started; sleep 2; echo finished > done.txt' } }] }, { text: 'never asked' }]);
    const dir = tempWorkspace();
    tty = startRun(dir, server.url, 'work a while');
    await toolStarted(dir);
    tty.send('C-c');
    await tty.waitFor('Stopping after the step in flight', 30_000);
    const end = await tty.waitFor(/EXIT=\d+/, 60_000);
    expect(end).toContain('EXIT=130');
    expect(end).toMatch(/■ stopped as asked: the step in flight finished and was recorded/);
    expect(existsSync(path.join(dir, 'done.txt'))).toBe(true);
    expect(server.requests).toHaveLength(1);
  }, 90_000);

  it('a second Ctrl-C aborts: the running tool is interrupted and the run ends interrupted with 130', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: 'touch .tool-started; sleep 30; echo finished > done.txt' } }] }, { text: 'never asked' }]);
    const dir = tempWorkspace();
    tty = startRun(dir, server.url, 'work a long while');
    await toolStarted(dir);
    tty.send('C-c');
    await tty.waitFor('Stopping after the step in flight', 30_000);
    tty.send('C-c');
    const end = await tty.waitFor(/EXIT=\d+/, 60_000);
    expect(end).toContain('EXIT=130');
    expect(end).toMatch(/■ interrupted/);
    expect(existsSync(path.join(dir, 'done.txt'))).toBe(false);
  }, 90_000);
});
