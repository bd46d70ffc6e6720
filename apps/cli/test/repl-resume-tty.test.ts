import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN, runCli } from './helpers/run-cli.js';
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

function startRepl(dir: string, url: string, extra: string[] = []): TmuxSession {
  const { args, env } = fakeProvider(url);
  const vars = Object.entries({ ...env, NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
  const cli = [process.execPath, BIN, '--workdir', dir, ...args, ...extra].map(shq).join(' ');
  return startTmux(`env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`);
}

async function headless(dir: string, url: string, task: string): Promise<string> {
  const { args, env } = fakeProvider(url);
  const result = await runCli(['run', task, '--workdir', dir, '--json', ...args], { env });
  expect(result.code).toBe(0);
  const start = result.stdout.split('\n').map((line) => (line ? (JSON.parse(line) as { type: string; sessionId?: string }) : undefined)).find((e) => e?.type === 'run_start');
  return start!.sessionId!;
}

describe('continuing conversations in the interactive session (through a pseudo-terminal)', () => {
  it('--continue with no task opens the newest conversation, shows it, and continues it', async () => {
    server = await startFakeOpenAI([{ text: 'The capital is Paris.' }, { text: 'About two million people.' }]);
    const dir = tempWorkspace();
    await headless(dir, server.url, 'what is the capital of France?');
    tty = startRepl(dir, server.url, ['--continue']);
    const screen = await tty.waitFor(/continuing session \S+/);
    expect(screen).toContain('user: what is the capital of France?');
    expect(screen).toContain('assistant: The capital is Paris.');
    expect(screen.indexOf('user: what is')).toBeLessThan(screen.indexOf('continuing session'));
    await tty.waitFor('warden›');
    tty.type('how many people live there?');
    tty.send('Enter');
    await tty.waitFor('About two million people.');
    // The model got the earlier exchange with the new question.
    const sent = JSON.stringify(server.requests.at(-1));
    expect(sent).toContain('what is the capital of France?');
    expect(sent).toContain('how many people live there?');
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
  });

  it('/sessions lists the stored sessions and /resume picks one by number; --session takes a unique prefix', async () => {
    server = await startFakeOpenAI([{ text: 'Answer one.' }, { text: 'Answer two.' }, { text: 'Back in the first one.' }, { text: 'Prefix works.' }]);
    const dir = tempWorkspace();
    const first = await headless(dir, server.url, 'first conversation');
    const second = await headless(dir, server.url, 'second conversation');
    tty = startRepl(dir, server.url);
    await tty.waitFor('warden›');
    tty.type('/sessions');
    tty.send('Enter');
    const listed = await tty.waitFor(second);
    expect(listed).toContain(first);
    tty.type('/resume');
    tty.send('Enter');
    const picker = await tty.waitFor(/which one\? \(1–2 or an id; Enter cancels\)/);
    // Newest first: the first conversation is number 2.
    expect(picker).toMatch(new RegExp(`2\\s+${first}`));
    tty.type('2');
    tty.send('Enter');
    await tty.waitFor(`continuing session ${first}`);
    expect(tty.screen()).toContain('assistant: Answer one.');
    tty.type('and then?');
    tty.send('Enter');
    await tty.waitFor('Back in the first one.');
    expect(JSON.stringify(server.requests.at(-1))).toContain('first conversation');
    await tty.waitFor(/✔ done[^\n]*\n+warden›/);
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
    tty.kill();

    // `--session PREFIX` with no task: the interactive session on that conversation.
    let n = 1;
    while (second.startsWith(first.slice(0, n))) n += 1;
    tty = startRepl(dir, server.url, ['--session', first.slice(0, n)]);
    await tty.waitFor(`continuing session ${first}`);
    expect(tty.screen()).toContain('user: and then?');
    tty.type('/exit');
    tty.send('Enter');
    await tty.waitFor('EXIT=0');
  });

  it('with nothing configured, `warden` in a terminal says how to point at a model and suggests warden demo', async () => {
    const dir = tempWorkspace();
    const vars = Object.entries({ NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '', HOME: dir }).map(([k, v]) => `${k}=${shq(v)}`);
    tty = startTmux(`cd ${shq(dir)} && env -i ${vars.join(' ')} ${shq(process.execPath)} ${shq(BIN)}; echo "EXIT=$?"; sleep 60`);
    const screen = await tty.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=1');
    expect(screen).toContain('--base-url URL --model NAME');
    expect(screen).toContain('warden demo');
    expect(screen).toContain('provider.not_configured');
  });
});
