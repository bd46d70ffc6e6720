import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { execFile } from 'node:child_process';
import { BWRAP_ISOLATION_FLAGS } from './bwrap-args.js';
import { findExecutable } from './find-executable.js';

/**
 * Whether the sandbox works here. `network` is `proxy` when the configured allowed hosts are
 * reachable through the filtering proxy, `off` when they are not (none configured, or socat
 * missing: see `warnings`). `socatPath` is set whenever socat was found: a command that brings
 * its own hosts (the run's task hosts, `WrapOptions.allowedHosts`) gets the proxy even when
 * `network` is `off`.
 */
export type SandboxStatus =
  | {
      available: true;
      /** The program commands start through: bwrap, or ssh for an SSH sandbox. */
      bwrapPath: string;
      version: string;
      /** `remote`: the commands run on another machine, with that machine's own network. */
      network: 'off' | 'proxy' | 'remote';
      socatPath?: string;
      warnings: string[];
      /** The backend (`bwrap` when absent). */
      backend?: string;
    }
  | { available: false; reason: string; code?: SandboxUnavailable; params?: Record<string, string> };

/**
 * Why the sandbox is unavailable, by a stable `code` (with `params`) beside the English `reason`,
 * so a front end can say it in another language. Ids are public API.
 */
export const SANDBOX_UNAVAILABLE = Object.freeze({
  'sandbox.not_linux': 'The OS sandbox needs Linux (bubblewrap) (params: platform).',
  'sandbox.not_found': 'bubblewrap was not found (params: name).',
  'sandbox.namespaces_refused': 'bubblewrap cannot create its namespaces here (params: why).',
  'sandbox.off': "The sandbox is turned off (sandbox: 'off').",
  'sandbox.home_workspace': 'The workspace contains the home directory, which the sandbox must hide (params: workspace).',
} as const);

export type SandboxUnavailable = keyof typeof SANDBOX_UNAVAILABLE;

export interface ProbeSandboxOptions {
  /** Name on PATH or absolute path (default `bwrap`). */
  bwrapPath?: string;
  /** Name on PATH or absolute path (default `socat`); looked for only when `needProxy`. */
  socatPath?: string;
  /** Allowed hosts are configured, so the proxy bridge (socat) is needed: its absence is a warning. */
  needProxy?: boolean;
  /** Look for socat even without allowed hosts (a command may bring its own, e.g. the task's hosts); no warning when absent. */
  findProxy?: boolean;
  /** Give up on the probe after this long (default 15 s). */
  timeoutMs?: number;
}

function run(file: string, args: string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string; error?: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, killSignal: 'SIGKILL', env: { PATH: '/usr/bin:/bin' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      const result: { code: number | null; stdout: string; stderr: string; error?: string } = { code, stdout: String(stdout), stderr: String(stderr) };
      if (error !== null && typeof error.code !== 'number') result.error = error.message;
      resolve(result);
    });
  });
}

const PROBE_SANDBOX_KEYS = { bwrapPath: true, socatPath: true, needProxy: true, findProxy: true, timeoutMs: true } satisfies OptionKeys<ProbeSandboxOptions>;

/**
 * Checks, by running it, that bubblewrap can create every namespace a
 * sandboxed command gets (user, PID, network, IPC, UTS) and mount a
 * read-only root. Never throws: a missing binary, another platform or a
 * kernel that refuses namespaces is `{ available: false, reason }`.
 */
export async function probeSandbox(options: ProbeSandboxOptions = {}): Promise<SandboxStatus> {
  strictOptions('probeSandbox', PROBE_SANDBOX_KEYS, options);
  if (process.platform !== 'linux') {
    return { available: false, reason: `the OS sandbox needs Linux (bubblewrap); this is ${process.platform}`, code: 'sandbox.not_linux', params: { platform: process.platform } };
  }
  const name = options.bwrapPath ?? 'bwrap';
  const bwrapPath = findExecutable(name);
  if (bwrapPath === undefined) {
    return { available: false, reason: `bubblewrap not found (${name}); install it, e.g. apt-get install bubblewrap`, code: 'sandbox.not_found', params: { name } };
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const [probe, version] = await Promise.all([
    run(bwrapPath, ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', ...BWRAP_ISOLATION_FLAGS, '--', '/bin/sh', '-c', 'exit 0'], timeoutMs),
    run(bwrapPath, ['--version'], timeoutMs),
  ]);
  if (probe.code !== 0) {
    const why = (probe.stderr.trim() || probe.error || `exit code ${probe.code}`).split('\n')[0] ?? '';
    return { available: false, reason: `bubblewrap cannot create its namespaces here: ${why}`, code: 'sandbox.namespaces_refused', params: { why } };
  }
  const warnings: string[] = [];
  let socatPath: string | undefined;
  if (options.needProxy === true || options.findProxy === true) {
    socatPath = findExecutable(options.socatPath ?? 'socat');
    if (socatPath === undefined && options.needProxy === true) warnings.push('socat not found: allowed hosts are unreachable and commands get no network at all (install socat)');
  }
  const status: SandboxStatus = {
    available: true,
    bwrapPath,
    version: version.stdout.trim().replace(/^bubblewrap\s+/, ''),
    network: socatPath !== undefined && options.needProxy === true ? 'proxy' : 'off',
    warnings,
  };
  if (socatPath !== undefined) status.socatPath = socatPath;
  return status;
}
