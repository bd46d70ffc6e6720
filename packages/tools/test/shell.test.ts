import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspaceTools, sanitizeEnv } from '../src/index.js';
import { byName, runTool, tempDir, toolContext, toolFailure, writeTree } from './helpers/workspace.js';

const temp = tempDir('warden-shell-');
const R = temp.dir;
const baseEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: R,
  SAFE_VAR: 'visible-value',
  OPENAI_API_KEY: 'sk-leak-1',
  GITHUB_TOKEN: 'ghp-leak-2',
  DB_PASSWORD: 'leak-3',
  AWS_SECRET_ACCESS_KEY: 'leak-4',
  GCP_CREDENTIALS_JSON: 'leak-5',
  my_lowercase_token: 'leak-6',
  INTERNAL_THING: 'leak-7',
  CORP_SSO: 'leak-8',
};
let shell: ReturnType<typeof byName>;

beforeAll(() => {
  writeTree(R, { 'sub/file.txt': 'x' });
  const { tools } = createWorkspaceTools({
    root: R,
    allowShell: true,
    shell: { env: baseEnv, secretEnvNames: ['INTERNAL_THING', 'CORP_*'], timeoutMs: 10_000, maxOutputBytes: 1000, killGraceMs: 500 },
  });
  shell = byName(tools, 'shell');
});

afterAll(() => temp.cleanup());

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie waiting for a reaper is dead for our purposes.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, attempts = 100): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}

describe('shell', () => {
  it('is only present when allowShell is set, and is annotated destructive', () => {
    expect(createWorkspaceTools({ root: R }).tools.map((t) => t.name)).not.toContain('shell');
    expect(shell.annotations).toEqual({ mutating: true, destructive: true, openWorld: true });
  });

  it('runs in the workspace root, or a jailed cwd, and reports the exit code', async () => {
    expect((await runTool(shell, { command: 'pwd' })).text).toBe(`${R}\n[exit code 0]`);
    expect((await runTool(shell, { command: 'pwd; ls', cwd: 'sub' })).text).toBe(`${path.join(R, 'sub')}\nfile.txt\n[exit code 0]`);
    const failed = await runTool(shell, { command: 'echo oops >&2; exit 3' });
    expect(failed).toMatchObject({ text: 'oops\n[exit code 3]', isError: true });
    expect((await toolFailure(shell, { command: 'pwd', cwd: '..' })).code).toBe('tool.path_outside_workspace');
    expect((await toolFailure(shell, { command: 'pwd', cwd: 'missing' })).code).toBe('tool.file_not_found');
  });

  it('removes secret-named variables from the child environment', async () => {
    const { text } = await runTool(shell, { command: 'env' });
    expect(text).toContain('SAFE_VAR=visible-value');
    for (let i = 1; i <= 8; i++) expect(text).not.toContain(`leak-${i}`);
    expect(text).not.toMatch(/KEY=|TOKEN=|PASSWORD=|CREDENTIALS/i);
  });

  it('kills the whole process group, grandchildren included, on timeout', async () => {
    const pidFile = path.join(R, 'grandchild.pid');
    const result = await runTool(shell, {
      command: `sh -c 'sleep 300 & echo $! > grandchild.pid; wait' & wait`,
      timeoutMs: 2000,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/timed out after 2000 ms \(tool\.timeout\); the process group was killed/);
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(await waitUntil(() => !isAlive(pid))).toBe(true);
  });

  it('kills the group when the run is aborted', async () => {
    const controller = new AbortController();
    const pending = runTool(shell, { command: 'sleep 300 & echo $! > aborted.pid; wait' }, toolContext(controller.signal));
    await waitUntil(() => existsSync(path.join(R, 'aborted.pid')) && readFileSync(path.join(R, 'aborted.pid'), 'utf8').trim() !== '');
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ isError: true });
    expect(result.text).toMatch(/aborted; the process group was killed/);
    const pid = Number(readFileSync(path.join(R, 'aborted.pid'), 'utf8'));
    expect(await waitUntil(() => !isAlive(pid))).toBe(true);
  });

  it('caps output, keeping the head and the tail', async () => {
    const { text } = await runTool(shell, { command: 'echo START; head -c 200000 /dev/zero | tr "\\0" x; echo; echo END' });
    expect(text.startsWith('START\n')).toBe(true);
    expect(text).toMatch(/\[\.\.\. \d+ bytes of output truncated \(200\d+ bytes in all\) \.\.\.\]/);
    expect(text).toMatch(/END\n\[exit code 0\]$/);
    expect(Buffer.byteLength(text)).toBeLessThan(1200);
  });

  it('bounds timeoutMs by the configured maximum', () => {
    expect(shell.validate?.({ command: 'true', timeoutMs: 10_000_000 })).toEqual({ ok: false, message: expect.stringContaining('timeoutMs:') });
  });
});

describe('sanitizeEnv', () => {
  it('drops secret-named variables case-insensitively, plus exact names and globs', () => {
    expect(
      sanitizeEnv({ PATH: '/bin', api_key: 'x', SessionToken: 'y', Private_Thing: 'z', KEEP: 'k', DROP_ME: 'd', AWS_REGION: 'r', UNDEF: undefined }, ['DROP_ME', 'AWS_*']),
    ).toEqual({ PATH: '/bin', KEEP: 'k' });
  });
});
