import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../__fixtures__/worker-process.mjs', import.meta.url));

export interface WorkerLine {
  worker: string;
  type: string;
  jobId?: string;
  result?: { status: string; output: string; resumed: boolean; worker: string; steps: number };
  error?: { code: string; message: string };
  progress?: { event: string; tool?: string };
}

export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  lines: WorkerLine[];
  ready: Promise<void>;
  exited: Promise<number | null>;
}

/** Starts a worker process; its JSON lines are collected (every process's lines also go to `all`). */
export function startWorker(name: string, env: Record<string, string>, all: WorkerLine[]): WorkerProcess {
  const child = spawn(process.execPath, [SCRIPT], { env: { ...process.env, ...env, FLEET_NAME: name }, stdio: ['ignore', 'pipe', 'pipe'], cwd: env.FLEET_WORKDIR });
  const lines: WorkerLine[] = [];
  let buffer = '';
  let stderr = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as WorkerLine;
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      all.push(line);
      if (line.type === 'ready') onReady();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null && stderr) process.stderr.write(`[${name}] exited ${code}: ${stderr.slice(-2000)}\n`);
  });
  return { name, child, lines, ready, exited };
}

export async function waitFor(check: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
