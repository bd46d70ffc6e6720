import type { ProtectedScan } from './protected-entries.js';

/** Where the proxy's unix socket appears inside the sandbox, and the loopback port bridged to it. */
export const SANDBOX_PROXY_SOCKET = '/tmp/.warden-proxy.sock';
export const SANDBOX_PROXY_PORT = 3128;

/**
 * The namespace and privilege flags every sandboxed command gets, also used
 * by the health probe so it tests exactly what commands will need. A user
 * namespace makes the mounts below locked (a process inside cannot unmount
 * them to see what they cover, even as root); `--disable-userns` stops it
 * from making a nested one; `--cap-drop ALL` leaves root inside without
 * capabilities; the PID namespace dies with its first process, killing
 * whatever the command left behind (`nohup`, `setsid`, `&`).
 */
export const BWRAP_ISOLATION_FLAGS: readonly string[] = [
  '--unshare-user',
  '--disable-userns',
  '--cap-drop',
  'ALL',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-net',
  '--unshare-cgroup-try',
  '--die-with-parent',
  '--new-session',
];

export interface BwrapPlan {
  /** Real path of the workspace (bound read-write). */
  workspace: string;
  /** Working directory inside the workspace. */
  cwd: string;
  /** Directories made empty and private (tmpfs): /tmp, /var/tmp, /run, the home directories. */
  privateDirs: readonly string[];
  /** Home paths bound back read-only. */
  readableHomePaths: readonly string[];
  /** Extra paths bound read-write. */
  writablePaths: readonly string[];
  protectedScan: ProtectedScan;
  /** An empty file and an empty folder on the host, mounted read-only over hidden paths. */
  emptyFile: string;
  emptyDir: string;
  /** With a proxy: its socket on the host and the socat that bridges it to 127.0.0.1:3128 inside. */
  proxy?: { socketPath: string; socatPath: string };
  shellPath: string;
  command: string;
}

/**
 * The bridge: socat listens on 127.0.0.1:3128 inside the network namespace and
 * forwards each connection to the proxy's unix socket. The script blocks (no
 * polling) until socat logs that it listens — or exits — then becomes the
 * command's shell. socat inherits an ignored SIGPIPE, so its later log lines
 * into the closed pipe cannot kill it. `$0` is the shell, `$1` the command.
 */
export function bridgeScript(socatPath: string): string {
  return [
    "trap '' PIPE",
    `{ '${socatPath.replaceAll("'", `'\\''`)}' -d -d TCP-LISTEN:${SANDBOX_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${SANDBOX_PROXY_SOCKET} 2>&1 >/dev/null </dev/null & } | { while read -r line; do case "$line" in *listening*) break ;; esac; done; }`,
    'trap - PIPE',
    'exec "$0" -c "$1"',
  ].join('\n');
}

/**
 * The bwrap argument list for one command. Later mounts cover earlier ones:
 * the whole system read-only, private /tmp and friends, home hidden, the
 * readable home paths back, the workspace read-write, extra writable paths,
 * then the protected paths read-only and the hidden ones covered, last so
 * nothing above can uncover them.
 */
export function bwrapArgs(plan: BwrapPlan): string[] {
  const args: string[] = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const dir of plan.privateDirs) args.push('--tmpfs', dir);
  for (const p of plan.readableHomePaths) args.push('--ro-bind', p, p);
  args.push('--bind', plan.workspace, plan.workspace);
  for (const p of plan.writablePaths) args.push('--bind', p, p);
  for (const entry of plan.protectedScan.readOnly) args.push('--ro-bind', entry.target, entry.target);
  for (const entry of plan.protectedScan.hidden) args.push('--ro-bind', entry.kind === 'dir' ? plan.emptyDir : plan.emptyFile, entry.target);
  if (plan.proxy) args.push('--bind', plan.proxy.socketPath, SANDBOX_PROXY_SOCKET);
  args.push(...BWRAP_ISOLATION_FLAGS, '--chdir', plan.cwd, '--');
  if (plan.proxy) args.push('/bin/sh', '-c', bridgeScript(plan.proxy.socatPath), plan.shellPath, plan.command);
  else args.push(plan.shellPath, '-c', plan.command);
  return args;
}

/** The proxy variables a command sees inside the sandbox (and every proxy variable it must not inherit). */
export function sandboxEnv(env: Readonly<Record<string, string>>, withProxy: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (!/^(https?|all|no|ftp|grpc)_proxy$/i.test(name)) out[name] = value;
  out.TMPDIR = '/tmp';
  out.WARDEN_SANDBOX = '1';
  if (withProxy) {
    const http = `http://127.0.0.1:${SANDBOX_PROXY_PORT}`;
    const socks = `socks5h://127.0.0.1:${SANDBOX_PROXY_PORT}`;
    Object.assign(out, { HTTP_PROXY: http, HTTPS_PROXY: http, http_proxy: http, https_proxy: http, ALL_PROXY: socks, all_proxy: socks, NO_PROXY: '', no_proxy: '' });
  }
  return out;
}
