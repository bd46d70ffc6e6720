import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

const ESC = '\u001b';
/** A control sequence whose ESC got lost: the terminal prints it as text (`[2m`, `[2K`). */
const BROKEN_ESCAPE = new RegExp(`(^|[^${ESC}])\\[(\\d+(;\\d+)*[A-Za-z]|[mK](?![a-z]))`, 'm');

/** Write `<job>.txt`, then finish; each answer takes a while so the live line is on screen long enough to read. */
function slowJob(messages: Array<Record<string, unknown>>): { text?: string; toolCalls?: Array<{ name: string; args: Record<string, unknown> }>; delayMs: number } {
  const job = /job (\w+)/.exec(String(messages.find((m) => m.role === 'user')?.content ?? ''))?.[1] ?? 'unknown';
  if (!messages.some((m) => m.role === 'tool')) return { toolCalls: [{ name: 'write_file', args: { path: `${job}.txt`, content: job } }], delayMs: 700 };
  return { text: `${job} finished`, delayMs: 700 };
}

function fleetFile(root: string, names: string[]): void {
  for (const name of names) mkdirSync(path.join(root, name));
  writeFileSync(path.join(root, 'fleet.json'), JSON.stringify({ jobs: names.map((name) => ({ name, workdir: name, task: `job ${name}: write your file`, mode: 'yolo' })) }));
}

describe('warden fleet progress line', () => {
  it('on a terminal: redrawn in place with counts and time left, dimmed by whole escape sequences, cleared at the end', async () => {
    server = await startFakeOpenAI([], slowJob);
    const root = tempWorkspace('warden-fleet-tty-');
    fleetFile(root, ['a1', 'b2', 'c3', 'd4']);
    const { args, env } = fakeProvider(server.url);
    const vars = Object.entries({ ...env, LANG: 'C.UTF-8', TERM: 'xterm-256color', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
    // stdout goes to a file: the terminal shows stderr, where the progress line lives; colour stays on.
    const command = [process.execPath, BIN, 'fleet', 'fleet.json', '--workers', '1', ...args].map(shq).join(' ');
    tty = startTmux(`cd ${shq(root)} && env -i ${vars.join(' ')} ${command} > fleet.out; echo "EXIT=$?"; sleep 60`, { width: 150 });
    const live = await tty.waitFor(/fleet jobs: [1-3]\/4 done · 0 failed · \d+s elapsed · about \d+s left/, 120_000);
    expect(live).not.toMatch(BROKEN_ESCAPE);
    // The line is drawn dim: tmux holds the attribute as a whole sequence, not as text.
    expect(tty.styledScreen()).toMatch(new RegExp(`${ESC}\\[[0-9;]*2[0-9;]*mfleet jobs: `));
    const end = await tty.waitFor(/EXIT=\d+/, 120_000);
    expect(end).toContain('EXIT=0');
    expect(end).not.toMatch(/fleet jobs: \d+/);
    expect(end).not.toMatch(BROKEN_ESCAPE);
    expect(readFileSync(path.join(root, 'fleet.out'), 'utf8')).toContain('4 of 4 jobs done');
  }, 300_000);

  it('job lines and the counts line share the terminal: each job line is redrawn from the first column', async () => {
    server = await startFakeOpenAI([], slowJob);
    const root = tempWorkspace('warden-fleet-tty-');
    fleetFile(root, ['a1', 'b2', 'c3']);
    const { args, env } = fakeProvider(server.url);
    const vars = Object.entries({ ...env, LANG: 'C.UTF-8', TERM: 'xterm-256color', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
    const command = [process.execPath, BIN, 'fleet', 'fleet.json', '--workers', '1', ...args].map(shq).join(' ');
    tty = startTmux(`cd ${shq(root)} && env -i ${vars.join(' ')} ${command}; echo "EXIT=$?"; sleep 60`, { width: 150 });
    // Mid-run: a redraw after the counts line was drawn (the cursor then sits at its end).
    const live = await tty.waitFor(/b2: step \d+/, 120_000);
    expect(live).not.toMatch(/^.*\S.* +(a1|b2|c3): /m);
    expect(live).toMatch(/^a1: /m);
    const end = await tty.waitFor(/EXIT=\d+/, 120_000);
    expect(end).toContain('EXIT=0');
    for (const name of ['a1', 'b2', 'c3']) expect(end).toMatch(new RegExp(`^${name}: `, 'm'));
    expect(end).not.toMatch(/^.*\S.* +(a1|b2|c3): /m);
  }, 300_000);

  it('piped: no progress control sequence on either stream, with or without --json', async () => {
    server = await startFakeOpenAI([], (messages) => ({ ...slowJob(messages), delayMs: 0 }));
    const root = tempWorkspace('warden-fleet-pipe-');
    fleetFile(root, ['p1', 'p2']);
    const { args, env } = fakeProvider(server.url);
    for (const extra of [[], ['--json']]) {
      const result = await runCli(['fleet', 'fleet.json', ...extra, ...args], { cwd: root, env });
      expect(result.code).toBe(0);
      for (const stream of [result.stdout, result.stderr]) {
        expect(stream).not.toContain('\r');
        expect(stream).not.toContain(`${ESC}[2K`);
        expect(stream).not.toMatch(BROKEN_ESCAPE);
      }
    }
  }, 120_000);
});
