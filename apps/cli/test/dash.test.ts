import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from './helpers/run-cli.js';
import { spawnSync } from 'node:child_process';

describe('warden dash serve', () => {
  it('starts the dashboard from @warden/dash on SQLite, answers HTTP, and stops cleanly on Ctrl-C', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'warden-cli-dash-'));
    try {
      let url = '';
      let health: unknown;
      const result = await runCli(['dash', 'serve', '--port', '0', '--data', path.join(dir, 'data'), '--json'], {
        onSpawn(child) {
          let buffered = '';
          child.stdout!.on('data', (chunk: Buffer | string) => {
            buffered += chunk.toString();
            const line = buffered.split('\n')[0];
            if (url || !buffered.includes('\n') || !line) return;
            url = (JSON.parse(line) as { url: string }).url;
            void fetch(`${url}/healthz`)
              .then(async (response) => (health = await response.json()))
              .finally(() => child.kill('SIGINT'));
          });
        },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(health).toEqual({ ok: true });
      expect((await stat(path.join(dir, 'data', 'dash.sqlite'))).isFile()).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is a usage error without serve, with another verb, or with an unknown flag', async () => {
    const bare = await runCli(['dash']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('serve');
    const other = await runCli(['dash', 'start']);
    expect(other.code).toBe(2);
    const flag = await runCli(['dash', 'serve', '--prot', '1']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--port');
  });

  it('refuses to serve a plain-http public URL off loopback, naming the fix', async () => {
    const result = await runCli(['dash', 'serve', '--port', '0', '--public-url', 'http://dash.example.com']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('dash.insecure_public_url');
    expect(result.stderr).toContain('https');
  });

  it('without @warden/dash installed, names the package and the install command (exit 1)', async () => {
    // An install of the CLI whose node_modules holds every dependency except the optional peer.
    const root = await mkdtemp(path.join(os.tmpdir(), 'warden-cli-nodash-'));
    try {
      const cliDir = path.resolve(path.dirname(BIN), '..');
      const target = path.join(root, 'node_modules', '@warden', 'cli');
      await mkdir(target, { recursive: true });
      await cp(path.join(cliDir, 'dist'), path.join(target, 'dist'), { recursive: true });
      await cp(path.join(cliDir, 'package.json'), path.join(target, 'package.json'));
      for (const name of await readdir(path.join(cliDir, 'node_modules', '@warden'))) {
        if (name !== 'dash') await symlink(path.join(cliDir, 'node_modules', '@warden', name), path.join(root, 'node_modules', '@warden', name));
      }
      await symlink(path.join(cliDir, 'node_modules', 'zod'), path.join(root, 'node_modules', 'zod'));
      const result = spawnSync(process.execPath, [path.join(target, 'dist', 'bin.js'), 'dash', 'serve', '--port', '0'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('cli.missing_package');
      expect(result.stderr).toContain('npm install @warden/dash');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
