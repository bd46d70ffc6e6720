import { describe, expect, it } from 'vitest';
import { BWRAP_ISOLATION_FLAGS, bwrapArgs, sandboxEnv, type BwrapPlan } from './bwrap-args.js';

const plan: BwrapPlan = {
  workspace: '/home/u/ws',
  cwd: '/home/u/ws/sub',
  privateDirs: ['/tmp', '/home'],
  readableHomePaths: ['/home/u/.gitconfig'],
  writablePaths: ['/var/cache/x'],
  protectedScan: {
    readOnly: [{ target: '/home/u/ws/.git/config', kind: 'file' }],
    hidden: [
      { target: '/home/u/ws/.env', kind: 'file' },
      { target: '/home/u/ws/.warden', kind: 'dir' },
    ],
    missing: [],
    rootEnvNames: ['.env'],
    walkTruncated: false,
  },
  emptyFile: '/tmp/state/empty',
  emptyDir: '/tmp/state/empty.d',
  shellPath: '/bin/sh',
  command: 'echo "$HOME"',
};

/** Index of the mount whose destination is `dest` (the argument after source, or after the flag for tmpfs). */
function mountAt(args: string[], flag: string, dest: string): number {
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== flag) continue;
    const target = flag === '--tmpfs' ? args[i + 1] : args[i + 2];
    if (target === dest) return i;
  }
  return -1;
}

describe('bwrapArgs', () => {
  const args = bwrapArgs(plan);

  it('orders mounts so that nothing later uncovers a protected or hidden path', () => {
    const root = mountAt(args, '--ro-bind', '/');
    const home = mountAt(args, '--tmpfs', '/home');
    const gitconfig = mountAt(args, '--ro-bind', '/home/u/.gitconfig');
    const ws = mountAt(args, '--bind', '/home/u/ws');
    const extra = mountAt(args, '--bind', '/var/cache/x');
    const config = mountAt(args, '--ro-bind', '/home/u/ws/.git/config');
    const env = mountAt(args, '--ro-bind', '/home/u/ws/.env');
    const warden = mountAt(args, '--ro-bind', '/home/u/ws/.warden');
    expect([root, home, gitconfig, ws, extra, config, env, warden].every((i) => i >= 0)).toBe(true);
    expect(root).toBeLessThan(home);
    expect(home).toBeLessThan(gitconfig);
    expect(gitconfig).toBeLessThan(ws);
    expect(ws).toBeLessThan(extra);
    expect(extra).toBeLessThan(config);
    expect(config).toBeLessThan(env);
    expect(args[env + 1]).toBe('/tmp/state/empty');
    expect(args[warden + 1]).toBe('/tmp/state/empty.d');
  });

  it('isolates every namespace, drops capabilities, and runs the command last, unquoted', () => {
    const separator = args.indexOf('--');
    expect(args.slice(0, separator)).toEqual(expect.arrayContaining([...BWRAP_ISOLATION_FLAGS]));
    expect(args.slice(separator - 2, separator)).toEqual(['--chdir', '/home/u/ws/sub']);
    expect(args.slice(separator + 1)).toEqual(['/bin/sh', '-c', 'echo "$HOME"']);
  });

  it('with a proxy, binds its socket and starts the bridge before the command', () => {
    const proxied = bwrapArgs({ ...plan, proxy: { socketPath: '/tmp/state/proxy-1.sock', socatPath: '/usr/bin/socat' } });
    expect(mountAt(proxied, '--bind', '/tmp/.warden-proxy.sock')).toBeGreaterThan(0);
    const tail = proxied.slice(proxied.indexOf('--') + 1);
    expect(tail[0]).toBe('/bin/sh');
    expect(tail[2]).toContain("'/usr/bin/socat' -d -d TCP-LISTEN:3128,bind=127.0.0.1");
    expect(tail.slice(3)).toEqual(['/bin/sh', 'echo "$HOME"']);
  });
});

describe('sandboxEnv', () => {
  it('drops inherited proxy variables and sets the sandbox ones only with a proxy', () => {
    const env = { PATH: '/bin', HTTP_PROXY: 'http://corp:8080', no_proxy: 'localhost', Ftp_Proxy: 'x', TMPDIR: '/home/u/tmp' };
    expect(sandboxEnv(env, false)).toEqual({ PATH: '/bin', TMPDIR: '/tmp', WARDEN_SANDBOX: '1' });
    expect(sandboxEnv(env, true)).toMatchObject({ HTTP_PROXY: 'http://127.0.0.1:3128', HTTPS_PROXY: 'http://127.0.0.1:3128', ALL_PROXY: 'socks5h://127.0.0.1:3128', NO_PROXY: '', no_proxy: '' });
  });
});
