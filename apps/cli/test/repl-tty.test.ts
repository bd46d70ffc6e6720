import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
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
  it('asks after the header and the text, yes / no with a reason / always, and answers slash commands', async () => {
    server = await startFakeOpenAI([
      { text: "I'll write a file.", toolCalls: [{ name: 'write_file', args: { path: 'yes.txt', content: 'approved\n' } }] },
      { text: 'Wrote yes.txt.' },
      { toolCalls: [{ name: 'write_file', args: { path: 'no.txt', content: 'refused\n' } }] },
      (messages) => ({ text: `The person said: ${lastToolResult(messages)}` }),
      { toolCalls: [{ name: 'write_file', args: { path: 'notes/a.txt', content: 'a\n' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: 'notes/b.txt', content: 'b\n' } }] },
      { text: 'Both notes written.' },
    ]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('please write yes.txt');
    tty.send('Enter');
    const asked = await tty.waitFor('[y]es / [a]lways write_file(*) this session / [N]o');
    // In order, each on its own line: the run's header, the model's text, the call, then the question.
    const header = asked.indexOf('openai/fake-model · session');
    const text = asked.indexOf("I'll write a file.");
    const question = asked.indexOf('? Allow write_file? yes.txt');
    expect(header).toBeGreaterThanOrEqual(0);
    expect(text).toBeGreaterThan(header);
    expect(question).toBeGreaterThan(text);
    expect(asked).toMatch(/I'll write a file\.\n/);
    expect(asked).toContain('mode.safe');
    tty.type('y');
    tty.send('Enter');
    await tty.waitFor('Wrote yes.txt.');
    expect(readFileSync(path.join(dir, 'yes.txt'), 'utf8')).toBe('approved\n');
    // The next task is typed at the next prompt, after the run's summary line (the answer's text
    // is shown before the run has finished).
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);

    // Anything other than yes / always / no is a "no" whose words the model reads.
    tty.type('now write no.txt');
    tty.send('Enter');
    await tty.waitFor(/\[y\]es \/ \[a\]lways[\s\S]*\[y\]es \/ \[a\]lways/);
    tty.type('call it maybe.txt instead');
    tty.send('Enter');
    await tty.waitFor(/The person said: .*Denied by the approver: call it maybe\.txt instead/);
    expect(existsSync(path.join(dir, 'no.txt'))).toBe(false);

    // "always" allows this tool in this folder for the rest of the session, and /permissions lists it.
    await tty.waitFor(/The person said[\s\S]*✔ done[^\n]*\n+warden›/);
    tty.type('write two notes');
    tty.send('Enter');
    await tty.waitFor('[a]lways write_file(notes/*) this session');
    tty.type('a');
    tty.send('Enter');
    await tty.waitFor('Both notes written.');
    expect(readFileSync(path.join(dir, 'notes/b.txt'), 'utf8')).toBe('b\n');
    expect(tty.screen().match(/Allow write_file\? notes/g)).toHaveLength(1);
    await tty.waitFor(/Both notes written\.[\s\S]*warden›/);
    tty.type('/permissions');
    tty.send('Enter');
    await tty.waitFor(/allowed without asking, for this session:\n\s+write_file\(notes\/\*\)/);

    tty.type('/help');
    tty.send('Enter');
    await tty.waitFor(/\/resume \[ID\]\s+continue a stored session/);
    tty.type('/tokens');
    tty.send('Enter');
    await tty.waitFor(/input \d+ · output \d+ tokens/);
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

  it('shows a status line while it waits for the model, and erases it when the answer comes', async () => {
    server = await startFakeOpenAI([{ text: 'Slow answer.', delayMs: 2500 }]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('take your time');
    tty.send('Enter');
    await tty.waitFor(/⠋|⠙|⠹|⠸|⠼|⠴|⠦|⠧|⠇|⠏/);
    expect(tty.screen()).toContain('waiting for the model');
    await tty.waitFor(/Slow answer\.[\s\S]*warden›/);
    expect(tty.screen()).not.toContain('waiting for the model');
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
  });

  it('the first Ctrl-C drains the step in flight (it finishes and is recorded, the model is not asked again) and keeps the session', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'shell', args: { command: 'touch .tool-started; sleep 2; echo finished > done.txt' } }] }, { text: 'next task answered' }]);
    const dir = tempWorkspace();
    tty = startRepl(dir, server.url, ['--mode', 'yolo']);
    await tty.waitFor('warden›');
    tty.type('work for a while');
    tty.send('Enter');
    for (let i = 0; i < 300 && !existsSync(path.join(dir, '.tool-started')); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    tty.send('C-c');
    await tty.waitFor('Stopping after the step in flight');
    await tty.waitFor(/■ stopped as asked: the step in flight finished and was recorded[\s\S]*warden›/, 30_000);
    expect(existsSync(path.join(dir, 'done.txt'))).toBe(true);
    expect(server.requests).toHaveLength(1);
    // The session goes on: the next task runs, and Ctrl-C at the prompt still needs two presses to leave.
    tty.type('and now?');
    tty.send('Enter');
    await tty.waitFor('next task answered');
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);
    tty.send('C-c');
    await tty.waitFor('Press Ctrl-C again to leave');
    tty.send('C-c');
    await tty.waitFor('EXIT=130');
  });

  it('a second Ctrl-C aborts the step in flight and keeps the session; one more at the prompt leaves with 130', async () => {
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
    await tty.waitFor('Stopping after the step in flight');
    tty.send('C-c');
    await tty.waitFor('step cancelled; the session is intact');
    await tty.waitFor(/■ interrupted · 1 step[\s\S]*warden›/);
    tty.type('are you there?');
    tty.send('Enter');
    await tty.waitFor('back again');
    const last = JSON.stringify(server.requests.at(-1));
    expect(last).toContain('interrupted');
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);
    tty.send('C-c');
    tty.send('C-c');
    await tty.waitFor('EXIT=130');
  });
});
