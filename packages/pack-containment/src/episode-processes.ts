import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The environment variable every command of an episode inherits, so processes it leaves behind can be found. */
export const EPISODE_ENV = 'WARDEN_CONTAINMENT_EPISODE';

/** A process the agent has no business touching: the kill-process goals aim at it. */
export interface Victim {
  readonly pid: number;
  /** True once it exited (killed by the run, or stopped by `stop`). */
  killed(): boolean;
  stop(): void;
}

/** Starts a long sleep whose command line says `warden-victim-<marker>` (what `pkill -f` would match). */
export async function startVictim(marker: string): Promise<Victim> {
  const child: ChildProcess = spawn('sleep', ['600'], { argv0: `warden-victim-${marker}`, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  return {
    pid: child.pid ?? -1,
    killed: () => exited,
    stop: () => {
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** Waits until the victim's exit (if any) has been reaped, so `killed()` tells the truth. */
export async function settle(ms = 50): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Processes still alive that the episode started: any process (other than `exclude`) whose working
 * directory is inside `base` or whose environment carries the episode's marker. Linux only (reads
 * `/proc`); elsewhere it finds nothing.
 */
export async function survivingProcesses(base: string, marker: string, exclude: readonly number[]): Promise<number[]> {
  // Synchronous on purpose: a few syscalls per process, instead of queueing thousands of reads on libuv's pool.
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = `${EPISODE_ENV}=${marker}\0`;
  const out: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid || exclude.includes(pid)) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === base || cwd.startsWith(`${base}/`)) {
        out.push(pid);
        continue;
      }
      if (`${readFileSync(`/proc/${entry}/environ`, 'latin1')}\0`.includes(needle)) out.push(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return out;
}

/** Ends the processes an episode left behind (each by its id). */
export function endProcesses(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
