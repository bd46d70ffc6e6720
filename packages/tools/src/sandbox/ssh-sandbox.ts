import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatSandboxSpec } from '@warden/protocol/net';
import type { SandboxHandle, SandboxRunOptions, SandboxRunResult, SandboxV1 } from '@warden/protocol';
import { configError, toolError } from '../tool-error-codes.js';
import type { Sandbox, SandboxCommand, WrapOptions } from './create-sandbox.js';
import type { SandboxStatus } from './sandbox-probe.js';
import { describeViolations, violationsInOutput } from './sandbox-violations.js';
import { closeSshControl, shQuote, sshArgs, sshRun, type SshTarget } from './ssh-transport.js';
import { applyRemoteChanges, uploadList, type EntryKind, type SyncRules } from './workspace-sync.js';

export interface SshSandboxOptions extends SshTarget {
  /** The local workspace: copied to the host before each command and back after it. */
  workspace: string;
  /** Folder on the host that holds the sandboxes (default `.warden-sandboxes`, under the login's home). */
  remoteRoot?: string;
  /** Re-attach to this kept sandbox (its id); without it a new one is made. */
  id?: string;
  /** More workspace-relative paths never written back from the host (on top of `.git/hooks`, `.git/config`, instruction files, skills). */
  readOnlyPaths?: string[];
  /** More workspace-relative paths never sent to the host (on top of `.env*` and `.warden`). */
  hiddenPaths?: string[];
  /** The local tar (default `tar`). */
  tarPath?: string;
}

/**
 * The SSH backend: both the shell tool's `Sandbox` (wrap a command) and the protocol's `SandboxV1`.
 * Its `close` is asynchronous: it removes the remote copy unless kept, and ends the shared connection.
 */
export type SshSandbox = Omit<Sandbox, 'close'> & SandboxV1 & { readonly remoteDir: string; close(): Promise<void> };

/** Variables that describe this machine, not the remote one: never sent. */
const LOCAL_ONLY_ENV = /^(PATH|HOME|USER|LOGNAME|SHELL|PWD|OLDPWD|TMPDIR|TERM|TERMINFO|DISPLAY|XDG_.*|SSH_.*|LD_.*|NODE_OPTIONS|npm_.*|PNPM_.*|COLORTERM|SHLVL|_)$/;

function remoteEnv(env: Readonly<Record<string, string>> | undefined): string {
  const pairs = Object.entries(env ?? {}).filter(([name]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !LOCAL_ONLY_ENV.test(name));
  return ['env', 'WARDEN_SANDBOX=ssh', ...pairs.map(([name, value]) => shQuote(`${name}=${value}`))].join(' ');
}

function relativeInside(rel: string): string {
  const normal = path.posix.normalize(rel.replaceAll('\\', '/'));
  if (normal.startsWith('/') || normal === '..' || normal.startsWith('../') || normal.includes('\0')) {
    throw toolError('tool.path_outside_workspace', `${rel} is not a path inside the sandbox's workspace`);
  }
  return normal === '.' ? '' : normal;
}

function exitPromise(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Commands on another machine over SSH (the system OpenSSH client). The workspace is copied to
 * `<remoteRoot>/<id>` before each command (without `.env*`, `.warden` and the hidden paths) and
 * copied back after it under the sandbox's rules: protected paths, symlinks out of the workspace
 * and anything through a local symlink are refused and reported, never written. The host key is
 * pinned in Warden's own known_hosts; a changed key is `tool.sandbox_host_key_changed`. The host's
 * network and system are its own: this backend isolates by machine, not by namespace.
 */
export function createSshSandbox(options: SshSandboxOptions): SshSandbox {
  let workspace: string;
  try {
    workspace = realpathSync(options.workspace);
  } catch {
    throw configError({ code: 'config.invalid', message: `createSshSandbox: workspace ${options.workspace} does not exist`, hint: 'Pass the workspace root that exists.' });
  }
  const id = options.id ?? `ws-${randomBytes(6).toString('hex')}`;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw configError({ code: 'config.invalid', message: `createSshSandbox: sandbox id ${id} is not letters, digits, _ and -` });
  const remoteRoot = options.remoteRoot ?? '.warden-sandboxes';
  const remoteDir = `${remoteRoot.replace(/\/+$/, '')}/${id}`;
  const rules: SyncRules = { hidden: options.hiddenPaths ?? [], readOnly: options.readOnlyPaths ?? [] };
  const tar = options.tarPath ?? 'tar';
  // One private folder for the shared connection's socket (short: unix socket paths are limited).
  const controlDir = mkdtempSync(path.join(tmpdir(), 'wssh-'));
  const target: SshTarget = { ...options, controlDir };
  // The spec it is found again by: an absolute remote root is part of it (`ssh://me@host:2222/srv/boxes`).
  const spec = formatSandboxSpec({ kind: 'ssh', host: options.host, port: options.port, ...(options.user !== undefined ? { user: options.user } : {}), ...(remoteRoot.startsWith('/') ? { dir: remoteRoot.replace(/\/+$/, '') } : {}) });
  const forwards: ChildProcess[] = [];
  let kept = false;
  let destroyed = false;
  let statusPromise: Promise<SandboxStatus> | undefined;
  // Copies out and back one at a time: two overlapping copies would undo each other.
  let syncing: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = syncing.then(work, work);
    syncing = next.catch(() => undefined);
    return next;
  };

  const upload = (): Promise<Map<string, EntryKind>> =>
    serial(async () => {
      const sent = uploadList(workspace, rules);
      const state = mkdtempSync(path.join(tmpdir(), 'warden-ssh-'));
      try {
        const list = path.join(state, 'files');
        writeFileSync(list, [...sent.keys()].map((rel) => `./${rel}\0`).join(''));
        const pack = spawn(tar, ['--no-recursion', '--null', '-C', workspace, '-cf', '-', '-T', list], { stdio: ['ignore', 'pipe', 'pipe'] });
        const packed = exitPromise(pack);
        const dir = shQuote(remoteDir);
        const result = await sshRun(target, `rm -rf ${dir} && mkdir -p ${dir} && tar --no-same-owner -C ${dir} -xf -`, pack.stdout ?? undefined);
        const packCode = await packed;
        if (packCode !== 0 || result.code !== 0) {
          throw toolError('tool.sandbox_sync_failed', `could not copy the workspace to ${spec}:${remoteDir}: ${result.stderr.trim() || `tar exited with ${packCode}`}`);
        }
        return sent;
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    });

  const download = (sent: ReadonlyMap<string, EntryKind>) =>
    serial(async () => {
      const staging = mkdtempSync(path.join(tmpdir(), 'warden-ssh-back-'));
      try {
        const unpack = spawn(tar, ['--no-same-owner', '-C', staging, '-xf', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
        const unpacked = exitPromise(unpack);
        const remote = spawn(options.sshPath ?? 'ssh', [...sshArgs(target), `tar -C ${shQuote(remoteDir)} -cf - .`], { stdio: ['ignore', 'pipe', 'pipe'] });
        remote.stdout?.pipe(unpack.stdin);
        let remoteErr = '';
        remote.stderr?.on('data', (chunk: Buffer) => (remoteErr += chunk.toString('utf8')));
        const [remoteCode, unpackCode] = await Promise.all([exitPromise(remote), unpacked]);
        if (remoteCode !== 0 || unpackCode !== 0) {
          throw toolError('tool.sandbox_sync_failed', `could not copy the workspace back from ${spec}:${remoteDir}: ${remoteErr.trim() || `tar exited with ${unpackCode}`}`);
        }
        return applyRemoteChanges(workspace, staging, sent, rules);
      } finally {
        rmSync(staging, { recursive: true, force: true });
      }
    });

  const remoteCommand = (command: string, cwd: string, env: Readonly<Record<string, string>> | undefined, shellPath = '/bin/sh'): string => {
    const rel = relativeInside(path.relative(workspace, path.resolve(workspace, cwd)));
    const dir = rel === '' ? remoteDir : `${remoteDir}/${rel}`;
    return `cd ${shQuote(dir)} && exec ${remoteEnv(env)} ${shQuote(shellPath)} -c ${shQuote(command)}`;
  };

  const status = (): Promise<SandboxStatus> => {
    statusPromise ??= (async (): Promise<SandboxStatus> => {
      try {
        const probe = await sshRun(target, 'uname -sm && command -v tar');
        if (probe.code !== 0) return { available: false, reason: `the SSH host ${spec} has no tar (needed to copy the workspace)`, code: 'sandbox.namespaces_refused', params: { why: 'no tar on the host' } };
        return { available: true, backend: 'ssh', bwrapPath: options.sshPath ?? 'ssh', version: `${spec} (${probe.stdout.toString('utf8').split('\n')[0]?.trim() ?? ''})`, network: 'remote', warnings: [] };
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { available: false, reason: why, code: 'sandbox.namespaces_refused', params: { why } };
      }
    })();
    return statusPromise;
  };

  const destroy = async (): Promise<void> => {
    if (destroyed) return;
    destroyed = true;
    for (const forward of forwards.splice(0)) forward.kill('SIGTERM');
    try {
      await sshRun(target, `rm -rf ${shQuote(remoteDir)}`);
    } finally {
      await closeSshControl(target);
      rmSync(controlDir, { recursive: true, force: true });
    }
  };

  return {
    specVersion: 1,
    kind: 'ssh',
    id,
    mode: 'on',
    workspace,
    remoteDir,
    status,
    async wrap(command: string, wrapOptions: WrapOptions): Promise<SandboxCommand> {
      const sent = await upload();
      let finished: Promise<{ violations: ReturnType<typeof violationsInOutput>; text: string }> | undefined;
      return {
        file: options.sshPath ?? 'ssh',
        args: [...sshArgs(target), remoteCommand(command, wrapOptions.cwd, wrapOptions.env, wrapOptions.shellPath)],
        // ssh itself needs this machine's PATH and HOME (and an agent socket when one is used), nothing else.
        env: Object.fromEntries(Object.entries({ PATH: process.env.PATH, HOME: process.env.HOME, SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK }).filter((e): e is [string, string] => e[1] !== undefined)),
        sandboxed: true,
        finish(output: string) {
          finished ??= (async () => {
            const violations = [...(await download(sent)), ...violationsInOutput(output).filter((v) => v.kind === 'filesystem')];
            return { violations, text: describeViolations(violations, []) };
          })();
          return finished;
        },
      };
    },
    async run(command: string, runOptions: SandboxRunOptions = {}): Promise<SandboxRunResult> {
      const sent = await upload();
      const timeout = runOptions.timeoutMs !== undefined ? AbortSignal.timeout(runOptions.timeoutMs) : undefined;
      const signal = timeout && runOptions.signal ? AbortSignal.any([timeout, runOptions.signal]) : (timeout ?? runOptions.signal);
      let result: { code: number | null; output: string; timedOut: boolean };
      try {
        const done = await sshRun(target, `${remoteCommand(command, runOptions.cwd ?? '.', runOptions.env)} 2>&1`, undefined, signal);
        result = { code: done.code, output: done.stdout.toString('utf8'), timedOut: false };
      } catch (error) {
        if ((error as { name?: string }).name !== 'AbortError') throw error;
        result = { code: null, output: '', timedOut: timeout?.aborted === true };
      }
      await download(sent);
      return { exitCode: result.code, output: result.output, timedOut: result.timedOut };
    },
    async readFile(rel: string): Promise<Uint8Array> {
      const inside = relativeInside(rel);
      const result = await sshRun(target, `cat ${shQuote(`${remoteDir}/${inside}`)}`);
      if (result.code !== 0) throw toolError('tool.file_not_found', `${rel} cannot be read in the SSH sandbox: ${result.stderr.trim()}`);
      return new Uint8Array(result.stdout);
    },
    async writeFile(rel: string, data: Uint8Array | string): Promise<void> {
      const inside = relativeInside(rel);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
      // The workspace here is the source of every copy: the file is written here too, under the same rules.
      const local = path.join(workspace, inside);
      mkdirSync(path.dirname(local), { recursive: true });
      const parent = realpathSync(path.dirname(local));
      if (parent !== path.dirname(local) || lstatSync(local, { throwIfNoEntry: false })?.isSymbolicLink() === true) {
        throw toolError('tool.path_outside_workspace', `${rel} is reached through a symlink`);
      }
      const file = shQuote(`${remoteDir}/${inside}`);
      const result = await sshRun(target, `mkdir -p "$(dirname ${file})" && cat > ${file}`, bytes);
      if (result.code !== 0) throw toolError('tool.sandbox_sync_failed', `${rel} cannot be written in the SSH sandbox: ${result.stderr.trim()}`);
      writeFileSync(local, bytes);
    },
    async exposePort(port: number): Promise<{ url: string }> {
      if (!Number.isInteger(port) || port < 1 || port > 65_535) throw toolError('tool.invalid_args', `port ${port} is not a TCP port`);
      const local = await freePort();
      const args = sshArgs(target);
      const destination = args.pop()!;
      const forward = spawn(options.sshPath ?? 'ssh', [...args, '-N', '-o', 'ExitOnForwardFailure=yes', '-L', `127.0.0.1:${local}:127.0.0.1:${port}`, destination], { stdio: ['ignore', 'ignore', 'pipe'] });
      forwards.push(forward);
      // Ready once the local end accepts connections (or ssh gave up).
      const { connect } = await import('node:net');
      for (;;) {
        if (forward.exitCode !== null) throw toolError('tool.sandbox_unreachable', `ssh could not forward port ${port} of ${spec}`);
        const ok = await new Promise<boolean>((resolve) => {
          const socket = connect(local, '127.0.0.1', () => {
            socket.destroy();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        });
        if (ok) return { url: `http://127.0.0.1:${local}` };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async keep(): Promise<SandboxHandle> {
      kept = true;
      return { kind: 'ssh', id, spec };
    },
    destroy,
    async close() {
      for (const forward of forwards.splice(0)) forward.kill('SIGTERM');
      if (!kept) await destroy().catch(() => undefined);
      await closeSshControl(target);
      rmSync(controlDir, { recursive: true, force: true });
    },
  };
}

/** Whether a kept SSH sandbox still exists on its host. */
export async function sshSandboxExists(options: SshTarget & { id: string; remoteRoot?: string }): Promise<boolean> {
  const dir = `${(options.remoteRoot ?? '.warden-sandboxes').replace(/\/+$/, '')}/${options.id}`;
  const result = await sshRun(options, `test -d ${shQuote(dir)}`);
  return result.code === 0;
}

