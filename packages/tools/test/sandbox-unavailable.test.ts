import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, createWorkspaceTools, probeSandbox, SANDBOX_UNAVAILABLE } from '../src/index.js';
import { closeSandboxes, sandboxedShell } from './helpers/sandbox.js';
import { tempDir, toolContext } from './helpers/workspace.js';

// When the sandbox cannot work: `auto` says so once and runs the command
// without it, `on` refuses and never runs it, `off` never sandboxes.

const temp = tempDir('warden-sbx-unavail-');
const WS = path.join(temp.dir, 'ws');
const MISSING = path.join(temp.dir, 'no-such-dir', 'bwrap');
const REFUSING = path.join(temp.dir, 'refusing-bwrap');
const MARKER = path.join(temp.dir, 'ran.txt');

beforeAll(() => {
  mkdirSync(WS);
  writeFileSync(REFUSING, '#!/bin/sh\necho "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n');
  chmodSync(REFUSING, 0o755);
});

afterAll(() => {
  closeSandboxes();
  temp.cleanup();
});

const brokenSandboxes: Array<[string, string, RegExp, string]> = [
  ['a missing bwrap binary', MISSING, /bubblewrap not found/, 'sandbox.not_found'],
  ['namespaces refused', REFUSING, /cannot create its namespaces here: bwrap: No permissions to create new namespace/, 'sandbox.namespaces_refused'],
];

describe.each(brokenSandboxes)('sandbox unavailable: %s', (_label, bwrapPath, reason, code) => {
  it('reports it in status(), by code as well as in words', async () => {
    const status = await createSandbox({ workspace: WS, bwrapPath }).status();
    expect(status.available).toBe(false);
    expect(status.available ? '' : status.reason).toMatch(reason);
    expect(await probeSandbox({ bwrapPath })).toMatchObject({ available: false, reason: expect.stringMatching(reason), code });
    expect(code in SANDBOX_UNAVAILABLE).toBe(true);
  });

  it("auto: runs without it and says so once, as a warning notice", async () => {
    const sb = sandboxedShell(WS, { mode: 'auto', bwrapPath });
    const first = await sb.run(`echo first >> ${MARKER}; echo ran`);
    const second = await sb.run(`echo second >> ${MARKER}; echo ran`);
    expect(first.text).toBe('ran\n[exit code 0]');
    expect(second.text).toBe('ran\n[exit code 0]');
    // Unsandboxed: the write outside the workspace happened.
    expect(readFileSync(MARKER, 'utf8')).toContain('first\nsecond\n');
    expect(first.notices).toEqual([{ type: 'warning', message: expect.stringMatching(/^OS sandbox unavailable \(.+\); commands run without it$/) }]);
    expect(second.notices).toEqual([]);
  });

  it('on: refuses with tool.sandbox_unavailable and never runs the command, every time', async () => {
    const sb = sandboxedShell(WS, { mode: 'on', bwrapPath });
    for (const command of [`echo on > ${path.join(WS, 'on-ran.txt')}`, 'touch on-ran-2.txt']) {
      const failure = await Promise.resolve(sb.shell.execute({ command }, toolContext())).then(
        () => ({ code: 'none', message: '', hint: '' }),
        (e: { code: string; message: string; hint: string }) => e,
      );
      expect(failure.code).toBe('tool.sandbox_unavailable');
      expect(failure.message).toMatch(reason);
      expect(failure.hint).toContain('bubblewrap');
    }
    expect(existsSync(path.join(WS, 'on-ran.txt'))).toBe(false);
    expect(existsSync(path.join(WS, 'on-ran-2.txt'))).toBe(false);
  });
});

describe('sandbox modes and configuration', () => {
  it('off: never sandboxes and says nothing', async () => {
    const sb = sandboxedShell(WS, { mode: 'off' });
    const result = await sb.run(`echo off > ${path.join(temp.dir, 'off.txt')} && echo ok`);
    expect(result).toMatchObject({ text: 'ok\n[exit code 0]', notices: [] });
    expect(existsSync(path.join(temp.dir, 'off.txt'))).toBe(true);
    expect(await sb.sandbox.status()).toMatchObject({ available: false, reason: expect.stringContaining("sandbox: 'off'") });
  });

  it('a workspace that contains the home folder cannot be sandboxed: on refuses', async () => {
    const sb = sandboxedShell(WS, { mode: 'on', home: path.join(WS, 'me') });
    const status = await sb.sandbox.status();
    expect(status.available ? '' : status.reason).toContain('contains the home directory');
    await expect(Promise.resolve(sb.shell.execute({ command: 'true' }, toolContext()))).rejects.toMatchObject({ code: 'tool.sandbox_unavailable' });
  });

  it('a healthy bwrap probes available, once per sandbox object', async () => {
    const sandbox = createSandbox({ workspace: WS, mode: 'on' });
    const first = sandbox.status();
    expect(sandbox.status()).toBe(first);
    expect(await first).toMatchObject({ available: true, bwrapPath: expect.stringMatching(/bwrap$/), version: expect.stringMatching(/^\d+\.\d+/), network: 'off', warnings: [] });
  });

  it('allowed hosts without socat: still sandboxed, with no network and a warning', async () => {
    const sb = sandboxedShell(WS, { mode: 'on', allowedHosts: ['example.com'], socatPath: MISSING });
    expect(await sb.sandbox.status()).toMatchObject({ available: true, network: 'off', warnings: [expect.stringContaining('socat not found')] });
    const result = await sb.run(`echo x > ${path.join(temp.dir, 'nosocat.txt')}; echo $HTTP_PROXY; echo done`);
    expect(result.text).toContain('done');
    expect(existsSync(path.join(temp.dir, 'nosocat.txt'))).toBe(false);
  });

  it('keeps its placeholders in one folder outside the workspace, removed by close() and remade when needed', async () => {
    const stateDir = path.join(temp.dir, 'state');
    mkdirSync(stateDir);
    const sb = sandboxedShell(WS, { mode: 'on', stateDir });
    expect(readdirSync(stateDir)).toEqual([]);
    expect((await sb.run('echo one')).text).toBe('one\n[exit code 0]');
    const made = readdirSync(stateDir);
    expect(made).toHaveLength(1);
    rmSync(path.join(stateDir, made[0] ?? ''), { recursive: true }); // a temp cleaner
    expect((await sb.run('echo two')).text).toBe('two\n[exit code 0]');
    sb.sandbox.close();
    expect(readdirSync(stateDir)).toEqual([]);
  });

  it('refuses a sandbox made for another workspace', () => {
    const other = createSandbox({ workspace: temp.dir });
    expect(() => createWorkspaceTools({ root: WS, allowShell: true, shell: { sandbox: other } })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });

  it.each([
    [{ workspace: WS, colour: 'red' }, 'config.unknown_key'],
    [{ workspace: WS, mode: 'always' }, 'config.invalid'],
    [{ workspace: WS, allowedHosts: ['http://example.com/x'] }, 'config.invalid'],
    [{ workspace: WS, readableHomePaths: ['/etc'] }, 'config.invalid'],
    [{ workspace: WS, readOnlyPaths: ['../outside'] }, 'config.invalid'],
    [{ workspace: path.join(temp.dir, 'missing') }, 'config.invalid'],
    [{ workspace: WS, stateDir: path.join(WS, '.cache') }, 'config.invalid'],
  ])('refuses bad options %j', (options, code) => {
    expect(() => createSandbox(options as never)).toThrow(expect.objectContaining({ code }));
  });
});
