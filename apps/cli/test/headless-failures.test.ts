import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN, runCli } from './helpers/run-cli.js';
import { shq, startTmux, type TmuxSession } from './helpers/tmux.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

const PACK = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'fixture-pack.mjs');

let server: FakeOpenAI | undefined;
let tty: TmuxSession | undefined;
afterEach(async () => {
  tty?.kill();
  tty = undefined;
  await server?.close();
  server = undefined;
});

describe('a session store asked for by name must work', () => {
  it.each([
    ['nothing listening', 'postgres://127.0.0.1:1/warden', 'connection refused'],
    ['an unknown login', 'postgres://no_such_role_w17@127.0.0.1:5432/test', 'the login was refused'],
    ['a missing database', 'postgres://postgres@127.0.0.1:5432/no_such_database_w17', 'the database does not exist'],
  ])('%s: the run fails before the model is called, saying why in words', async (_name, url, words) => {
    server = await startFakeOpenAI([{ text: 'should never be asked' }]);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'say hi', '--workdir', tempWorkspace(), '--sessions', url, ...args], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('cli.session_store');
    expect(result.stderr).toContain(words);
    expect(result.stdout).not.toContain('this run is not stored');
    expect(server.requests).toHaveLength(0);
  });

  it('a store named in the config fails the same way', async () => {
    server = await startFakeOpenAI([{ text: 'should never be asked' }]);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ sessions: 'postgres://127.0.0.1:1/warden' }));
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'say hi', ...args], { cwd: dir, env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('connection refused');
    expect(server.requests).toHaveLength(0);
  });
});

describe('usage errors of scripts', () => {
  it('--env with an environment nobody defines exits 2', async () => {
    const result = await runCli(['check', 'fixture:passes', '--pack', PACK, '--env', 'nope', '--out', 'reports'], { cwd: tempWorkspace() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('evidence.unknown_environment');
  });
});

describe('the live fleet view on a terminal', () => {
  it('redraws its lines with whole escape sequences (no "[2m" left on the screen), in colour', async () => {
    // One worker and a slow first answer: the second job's waiting line stays on screen meanwhile.
    server = await startFakeOpenAI([{ text: 'finished', delayMs: 2500 }], { text: 'finished' });
    const root = tempWorkspace('warden-fleet-');
    const jobs = ['one', 'two'].map((name) => ({ name, workdir: '.', task: `job ${name}`, mode: 'read-only' }));
    writeFileSync(path.join(root, 'fleet.json'), JSON.stringify({ jobs }));
    const { args, env } = fakeProvider(server.url);
    const vars = Object.entries({ ...env, FORCE_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
    const cli = [process.execPath, BIN, 'fleet', path.join(root, 'fleet.json'), '--workers', '1', ...args].map(shq).join(' ');
    tty = startTmux(`cd ${shq(root)} && env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`);
    const waiting = await tty.waitFor('two: …');
    expect(waiting).not.toMatch(/\[\d+m/);
    const screen = await tty.waitFor(/EXIT=\d+/);
    expect(screen).toContain('EXIT=0');
    expect(screen).toMatch(/one/);
    expect(screen).not.toMatch(/\[\d+m/);
  });
});

describe('the status line of a headless run', () => {
  it('shows on a terminal while the model is slow and is erased after; a pipe never gets it', async () => {
    server = await startFakeOpenAI([{ text: 'Slow headless answer.', delayMs: 2500 }, { text: 'Piped answer.', delayMs: 500 }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const vars = Object.entries({ ...env, NO_COLOR: '1', LANG: 'C.UTF-8', PATH: process.env.PATH ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
    const cli = [process.execPath, BIN, 'run', 'take your time', '--workdir', dir, ...args].map(shq).join(' ');
    tty = startTmux(`env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`);
    await tty.waitFor('waiting for the model');
    const screen = await tty.waitFor(/EXIT=\d+/);
    expect(screen).toContain('Slow headless answer.');
    expect(screen).toContain('EXIT=0');
    expect(screen).not.toContain('waiting for the model');

    const piped = await runCli(['run', 'again', '--workdir', dir, ...args], { env });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('Piped answer.');
    expect(piped.stdout).not.toContain('waiting for the model');
    expect(piped.stdout).not.toContain('\u001b[2K');
  });
});
