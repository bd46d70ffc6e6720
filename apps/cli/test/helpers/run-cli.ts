import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/bin.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** An environment without the caller's locale, colour or provider settings. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR };
  return { ...env, ...extra };
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  input?: string;
  /** Run as this user and group (a root test runner drops to `nobody` to meet a read-only folder). */
  uid?: number;
  gid?: number;
  /** Called once the process started (e.g. to send signals). */
  onSpawn?: (child: ChildProcess) => void;
}

/** Runs `node dist/bin.js …` and collects its output. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? process.cwd(), env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'], ...(options.uid !== undefined ? { uid: options.uid } : {}), ...(options.gid !== undefined ? { gid: options.gid } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(options.input ?? '');
    options.onSpawn?.(child);
  });
}
