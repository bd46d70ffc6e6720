import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { RunScope, ToolNotice, ToolV1 } from '@warden/protocol';
import { createSandbox, createWorkspaceTools, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { byName, runTool, toolContext } from './workspace.js';

const made: Sandbox[] = [];

/** Removes the state folders of every sandbox these helpers made (call in afterAll). */
export function closeSandboxes(): void {
  for (const sandbox of made.splice(0)) sandbox.close();
}

export const BASE_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };

export interface SandboxedShell {
  sandbox: Sandbox;
  shell: ToolV1;
  /** Runs a command through the shell tool; returns its text, error flag and the notices it emitted. */
  run(command: string, options?: { timeoutMs?: number; scope?: RunScope }): Promise<{ text: string; isError: boolean; notices: ToolNotice[] }>;
}

/** The shell tool of `root`, sandboxed with `options`. */
export function sandboxedShell(root: string, options: Omit<SandboxOptions, 'workspace'> = {}, env: Record<string, string> = BASE_ENV): SandboxedShell {
  const sandbox = createSandbox({ workspace: root, ...options });
  made.push(sandbox);
  const { tools } = createWorkspaceTools({ root, allowShell: true, shell: { sandbox, env, timeoutMs: 60_000, killGraceMs: 500 } });
  const shell = byName(tools, 'shell');
  return {
    sandbox,
    shell,
    async run(command, runOptions = {}) {
      const notices: ToolNotice[] = [];
      const ctx = { ...toolContext(), emit: (n: ToolNotice) => notices.push(n), ...(runOptions.scope ? { scope: runOptions.scope } : {}) };
      const args: Record<string, unknown> = { command };
      if (runOptions.timeoutMs !== undefined) args.timeoutMs = runOptions.timeoutMs;
      const { text, isError } = await runTool(shell, args, ctx);
      return { text, isError, notices };
    },
  };
}

/** A TCP listener on 127.0.0.1 that records every connection and every byte it receives. */
export interface Listener {
  port: number;
  connections: number;
  received: string;
  close(): Promise<void>;
}

export async function tcpListener(answer = 'HTTP/1.1 200 OK\r\nContent-Length: 14\r\nConnection: close\r\n\r\nlistener-reply'): Promise<Listener> {
  const state = { connections: 0, received: '' };
  const server: Server = createServer((socket) => {
    state.connections++;
    let mine = '';
    socket.on('data', (d: Buffer) => {
      state.received += d.toString();
      mine += d.toString();
      const end = mine.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(mine.slice(0, end))?.[1] ?? 0);
      if (Buffer.byteLength(mine.slice(end + 4)) >= length) socket.end(answer);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    get received() {
      return state.received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Host PIDs whose command line contains `marker` (NUL-separated argv joined by spaces). */
export function pidsWithArg(marker: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (cmdline.includes(marker) && state !== 'Z' && Number(name) !== process.pid) pids.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(condition: () => boolean, attempts = 200): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (condition()) return true;
    await sleep(50);
  }
  return condition();
}
