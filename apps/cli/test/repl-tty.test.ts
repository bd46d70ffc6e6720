import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai.js';
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

/** Starts the interactive `warden` in a pseudo-terminal; the shell prints the exit code when it ends. */
function startRepl(dir: string, url: string, extra: string[] = []): TmuxSession {
  const { args, env } = fakeProvider(url);
  const vars = Object.entries({ ...env, NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
  const cli = [process.execPath, BIN, '--workdir', dir, ...args, ...extra].map(shq).join(' ');
  return startTmux(`env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`);
}

describe('the interactive session (through a pseudo-terminal)', () => {
  it('asks before a change, answered yes then no, and answers slash commands', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'write_file', args: { path: 'yes.txt', content: 'approved\n' } }] },
      { text: 'Wrote yes.txt.' },
      { toolCalls: [{ name: 'write_file', args: { path: 'no.txt', content: 'refused\n' } }] },
      { text: 'That was refused.' },
    ]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('please write yes.txt');
    tty.send('Enter');
    await tty.waitFor('[y]es / [N]o');
    expect(tty.screen()).toContain('mode.safe');
    tty.type('y');
    tty.send('Enter');
    await tty.waitFor('Wrote yes.txt.');
    expect(readFileSync(path.join(dir, 'yes.txt'), 'utf8')).toBe('approved\n');
    // The next task is typed at the next prompt, after the run's summary line (the answer's text
    // is shown before the run has finished).
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);

    tty.type('now write no.txt');
    tty.send('Enter');
    await tty.waitFor(/\[y\]es \/ \[N\]o[\s\S]*\[y\]es \/ \[N\]o/);
    tty.type('n');
    tty.send('Enter');
    await tty.waitFor('That was refused.');
    expect(existsSync(path.join(dir, 'no.txt'))).toBe(false);
    expect(tty.screen()).toContain('refused');

    tty.type('/tokens');
    tty.send('Enter');
    await tty.waitFor(/input 400 · output 80 tokens/);
    tty.type('/session');
    tty.send('Enter');
    await tty.waitFor(/session: \S+/);
    tty.type('/mode yolo');
    tty.send('Enter');
    await tty.waitFor('mode: yolo');
    tty.type('/lang es');
    tty.send('Enter');
    await tty.waitFor('idioma: es');
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
  });

  it('Ctrl-C cancels the step in flight and keeps the session; a second Ctrl-C leaves with 130', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: 'sleep 30' } }] }, { text: 'back again' }]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url, ['--mode', 'yolo']);
    await tty.waitFor('warden›');
    tty.type('sleep for a while');
    tty.send('Enter');
    await tty.waitFor('$ sleep 30 · allowed');
    // Let the tool start (the decision line prints just before it runs).
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A line typed while the step runs is not run later behind the user's back, and they are told.
    tty.type('do something else');
    tty.send('Enter');
    await tty.waitFor('that line was not run');
    tty.send('C-c');
    await tty.waitFor('step cancelled; the session is intact');
    await tty.waitFor(/■ interrupted · 1 step[\s\S]*warden›/);
    tty.type('are you there?');
    tty.send('Enter');
    await tty.waitFor('back again');
    const last = JSON.stringify(server.requests.at(-1));
    expect(last).toContain('interrupted');
    tty.send('C-c');
    tty.send('C-c');
    await tty.waitFor('EXIT=130');
  });
});
