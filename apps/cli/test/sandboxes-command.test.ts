import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, startFakeSandboxApis, startSshd, type FakeSandboxApis, type TestSshd } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// `warden sandboxes` against a real sshd and fakes of the Docker Engine socket, E2B and Daytona
// (no container can start on this machine kind); `--sandbox ssh://… --keep-sandbox` and resuming.
let sshd: TestSshd;
let apis: FakeSandboxApis;
let home: string;

beforeAll(async () => {
  [sshd, apis] = await Promise.all([startSshd(), startFakeSandboxApis()]);
  home = mkdtempSync(path.join(tmpdir(), 'warden-home-'));
}, 30_000);

afterAll(async () => {
  await sshd?.stop();
  await apis?.close();
  rmSync(home, { recursive: true, force: true });
});

type Report = { backend: string; target: string; check: { state: string; detail: string; code?: string } };
const reports = (stdout: string): Record<string, Report> => Object.fromEntries(stdout.trim().split('\n').map((line) => JSON.parse(line) as Report).map((r) => [r.backend, r]));

describe('warden sandboxes', () => {
  it('lists every backend with its --sandbox form and what configures it, contacting none', async () => {
    const result = await runCli(['sandboxes'], { env: { COLUMNS: '200', HOME: home } });
    expect(result.code).toBe(0);
    for (const form of ['bwrap', 'ssh://user@host[:port]', 'docker://image', 'e2b://template', 'daytona://snapshot']) expect(result.stdout).toContain(form);
    expect(result.stdout).toContain('warden sandboxes --check');
    expect(apis.seen).toEqual([]);
  });

  it('--check reports each backend available, not configured or failing, honestly and without keys', async () => {
    const configured = {
      HOME: home,
      WARDEN_SANDBOX_SSH: `ssh://${sshd.user}@127.0.0.1:${sshd.port}`,
      WARDEN_SSH_KEY: sshd.identityFile,
      DOCKER_HOST: `unix://${apis.engineSocket}`,
      E2B_API_KEY: apis.e2bKey,
      E2B_API_URL: apis.e2bUrl,
    };
    const result = await runCli(['sandboxes', '--check', '--json'], { env: configured });
    const by = reports(result.stdout);
    expect(by.ssh!.check.state).toBe('available');
    expect(by.docker!.check).toEqual({ state: 'available', detail: 'Engine 27.3.1 (API 1.47)' });
    expect(by.e2b!.check.state).toBe('available');
    expect(by.daytona!.check).toEqual({ state: 'not_configured', detail: 'set DAYTONA_API_KEY' });
    // First contact pinned the host key in Warden's own known_hosts.
    expect(readFileSync(path.join(home, '.warden', 'known_hosts'), 'utf8')).toContain(sshd.hostKey.split(' ')[1]);

    const wrong = await runCli(['sandboxes', 'e2b', '--check'], { env: { HOME: home, COLUMNS: '200', E2B_API_KEY: 'e2b_wrong_secret_value', E2B_API_URL: apis.e2bUrl } });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/e2b\s+failing \(tool\.sandbox_unreachable\)\s+http:\/\/127\.0\.0\.1:\d+\s+E2B_API_KEY was refused \(HTTP 401\)/);
    expect(wrong.stdout + wrong.stderr).not.toContain('wrong_secret');

    const unknown = await runCli(['sandboxes', 'dokcer']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean docker?');
  }, 60_000);
});

describe('warden run --sandbox ssh://…', () => {
  it('runs the shell on the SSH host, keeps the sandbox with --keep-sandbox, and resuming re-attaches or says it is gone', async () => {
    const remoteRoot = mkdtempSync(path.join(tmpdir(), 'warden-cli-remote-'));
    const server = await startFakeOpenAI([
      { toolCalls: [{ name: 'shell', args: { command: 'echo "$WARDEN_SANDBOX" > where.txt' } }] },
      { text: 'done' },
      { text: 'resumed once' },
      { text: 'resumed twice' },
    ]);
    try {
      const dir = tempWorkspace();
      const { args, env } = fakeProvider(server.url);
      const sshEnv = { ...env, HOME: home, WARDEN_SSH_KEY: sshd.identityFile, WARDEN_SSH_HOST_KEY: sshd.hostKey };
      const spec = `ssh://${sshd.user}@127.0.0.1:${sshd.port}${remoteRoot}`;
      const first = await runCli(['run', 'write where it ran', '--workdir', dir, '--yes', '--mode', 'yolo', '--sandbox', spec, '--keep-sandbox', '--json', ...args], { env: sshEnv });
      expect(first.code).toBe(0);
      expect(readFileSync(path.join(dir, 'where.txt'), 'utf8')).toBe('ssh\n');
      const kept = readdirSync(remoteRoot);
      expect(kept).toHaveLength(1);
      expect(first.stderr).toContain(`sandbox kept: ${spec} ${kept[0]}`);
      const session = first.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; sessionId?: string }).find((e) => e.type === 'run_start')!.sessionId!;

      const again = await runCli(['run', 'and again', '--session', session, '--workdir', dir, '--json', ...args], { env: sshEnv });
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(`re-attached to the kept sandbox ${spec} ${kept[0]}`);
      expect(existsSync(path.join(remoteRoot, kept[0]!))).toBe(true);

      rmSync(path.join(remoteRoot, kept[0]!), { recursive: true });
      const gone = await runCli(['run', 'once more', '--session', session, '--workdir', dir, '--json', ...args], { env: sshEnv });
      expect(gone.code).toBe(0);
      expect(gone.stderr).toContain(`the kept sandbox ${spec} ${kept[0]} is gone; this run uses a new one`);
    } finally {
      await server.close();
      rmSync(remoteRoot, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses a backend that can be checked but cannot run commands yet', async () => {
    const result = await runCli(['run', 'task', '--sandbox', 'docker://node:20', '--workdir', tempWorkspace()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docker://node:20: this backend is checked by "warden sandboxes --check" but cannot run commands yet');
  });
});
