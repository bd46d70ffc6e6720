import { spawn } from 'node:child_process';
import { OutputBuffer } from './output-buffer.js';

export interface RunProcessOptions {
  /** The program and its arguments: `<shell> -c <command>`, or bwrap wrapping it. */
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
  killGraceMs: number;
  signal?: AbortSignal;
  /** Applied to the output before its middle is cut (see `OutputBuffer`). */
  redact?: (text: string) => string;
}

export interface ProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  outputTruncated: boolean;
  timedOut: boolean;
  aborted: boolean;
  /** The process could not be started at all. */
  spawnError?: string;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs `file args` (a shell, or bwrap wrapping one) in its own process group (detached), merging
 * stdout and stderr into one capped buffer. On timeout or abort the whole
 * group gets SIGTERM, then SIGKILL after a grace period, so grandchildren die
 * too. Resolves once the shell has exited and its pipes are closed (or the
 * group has been killed), never rejects.
 */
export function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const buffer = new OutputBuffer(options.maxOutputBytes, options.redact);
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    let closeTimer: NodeJS.Timeout | undefined;

    const child = spawn(options.file, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });

    const stop = (reason: 'timeout' | 'abort') => {
      if (reason === 'timeout') timedOut = true;
      else aborted = true;
      if (child.pid === undefined) return;
      killGroup(child.pid, 'SIGTERM');
      const pid = child.pid;
      killTimer ??= setTimeout(() => killGroup(pid, 'SIGKILL'), options.killGraceMs);
    };

    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('abort');
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, spawnError?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (closeTimer) clearTimeout(closeTimer);
      options.signal?.removeEventListener('abort', onAbort);
      // Whatever is left of the group (a grandchild holding the pipes open) is killed now.
      if (child.pid !== undefined && (timedOut || aborted)) killGroup(child.pid, 'SIGKILL');
      if (killTimer) clearTimeout(killTimer);
      child.stdout?.destroy();
      child.stderr?.destroy();
      const result: ProcessResult = { exitCode, signal, output: buffer.text(), outputTruncated: buffer.truncated, timedOut, aborted };
      if (spawnError !== undefined) result.spawnError = spawnError;
      resolve(result);
    };

    child.stdout.on('data', (chunk: Buffer) => buffer.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => buffer.push(chunk));
    child.on('error', (error) => finish(null, null, error.message));
    child.on('close', (code, signal) => finish(code, signal));
    child.on('exit', (code, signal) => {
      // A background grandchild may keep the pipes open long after the shell exits.
      closeTimer = setTimeout(() => {
        if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
        finish(code, signal);
      }, Math.max(options.killGraceMs, 250));
    });
  });
}
