import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toolError } from '../tool-error-codes.js';

/** Where and how to reach one SSH host, with its key pinned. */
export interface SshTarget {
  host: string;
  port: number;
  user?: string;
  /** Private key to log in with (else the agent's or ssh's defaults). */
  identityFile?: string;
  /**
   * The known_hosts file that pins host keys (Warden's own, never ~/.ssh/known_hosts). A host not
   * in it is added on first contact (`accept-new`); a host whose key changed is refused.
   */
  knownHostsFile: string;
  /** The host's public key (`ssh-ed25519 AAAA…`): when given, only this key is accepted, even on first contact. */
  hostKey?: string;
  /** The ssh client: a name on PATH or an absolute path (default `ssh`). */
  sshPath?: string;
  /**
   * A private folder for one shared connection (OpenSSH's ControlMaster): every copy and command
   * of a sandbox rides one login instead of a new handshake each.
   */
  controlDir?: string;
}

/** `[host]:port` as known_hosts writes a host on a port other than 22. */
export function knownHostsName(host: string, port: number): string {
  return port === 22 ? host : `[${host}]:${port}`;
}

/**
 * The ssh arguments before the remote command: no user or system config (`-F /dev/null`), no
 * password prompts, only Warden's known_hosts, and strict checking — `yes` with a given key,
 * `accept-new` otherwise (first contact pins, a change is refused).
 */
export function sshArgs(target: SshTarget): string[] {
  if (target.hostKey !== undefined) {
    mkdirSync(path.dirname(target.knownHostsFile), { recursive: true, mode: 0o700 });
    writeFileSync(target.knownHostsFile, `${knownHostsName(target.host, target.port)} ${target.hostKey.trim()}\n`, { mode: 0o600 });
  } else {
    mkdirSync(path.dirname(target.knownHostsFile), { recursive: true, mode: 0o700 });
  }
  const args = ['-F', '/dev/null', '-p', String(target.port), '-o', 'BatchMode=yes', '-o', `UserKnownHostsFile=${target.knownHostsFile}`, '-o', 'GlobalKnownHostsFile=/dev/null'];
  args.push('-o', `StrictHostKeyChecking=${target.hostKey !== undefined ? 'yes' : 'accept-new'}`, '-o', 'ConnectTimeout=15', '-o', 'LogLevel=ERROR', '-o', 'ServerAliveInterval=15');
  if (target.identityFile !== undefined) args.push('-i', target.identityFile, '-o', 'IdentitiesOnly=yes');
  if (target.controlDir !== undefined) args.push('-o', 'ControlMaster=auto', '-o', `ControlPath=${path.join(target.controlDir, 'c-%C')}`, '-o', 'ControlPersist=60');
  args.push('-T', target.user !== undefined ? `${target.user}@${target.host}` : target.host);
  return args;
}

/** One POSIX shell word. */
export function shQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** ssh's own failures (exit 255) by what it printed: a changed host key is its own coded error. */
export function sshFailure(target: SshTarget, stderr: string): Error {
  const where = `${target.user !== undefined ? `${target.user}@` : ''}${knownHostsName(target.host, target.port)}`;
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key verification failed|host key .* (?:differs|mismatch)/i.test(stderr)) {
    return toolError(
      'tool.sandbox_host_key_changed',
      `the SSH host ${where} did not present its pinned key (pinned in ${target.knownHostsFile}); nothing was sent to it`,
      'If the host was really re-keyed, check the new key out of band, then remove its line from that file (or pass the new key).',
    );
  }
  const first = stderr.trim().split('\n').find((l) => l.trim() !== '') ?? 'ssh exited with 255';
  return toolError('tool.sandbox_unreachable', `cannot reach the SSH sandbox ${where}: ${first}`, 'Check the host, port, user and key (warden sandboxes --check).');
}

export interface SshResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs one remote command with `input` on its stdin, collecting its output. ssh's own failure
 * (exit 255) throws the coded error; the remote command's exit code is returned.
 */
export function sshRun(target: SshTarget, remoteCommand: string, input?: NodeJS.ReadableStream | Buffer, signal?: AbortSignal): Promise<SshResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(target.sshPath ?? 'ssh', [...sshArgs(target), remoteCommand], { stdio: ['pipe', 'pipe', 'pipe'], ...(signal ? { signal } : {}) });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => undefined); // the remote side may close early; its exit code says why
    child.on('error', (error) => reject(toolError('tool.sandbox_unreachable', `could not start ssh: ${error.message}`, 'Install the OpenSSH client (apt-get install openssh-client).', error)));
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 255) reject(sshFailure(target, stderr));
      else resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    if (input === undefined) child.stdin.end();
    else if (Buffer.isBuffer(input)) child.stdin.end(input);
    else input.pipe(child.stdin);
  });
}

/** Ends the shared connection of `target.controlDir`, if one is open (never throws). */
export function closeSshControl(target: SshTarget): Promise<void> {
  if (target.controlDir === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const child = spawn(target.sshPath ?? 'ssh', [...sshArgs(target).slice(0, -1), '-O', 'exit', sshArgs(target).at(-1)!], { stdio: 'ignore' });
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
}
