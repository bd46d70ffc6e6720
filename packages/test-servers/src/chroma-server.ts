// A REAL Chroma server (the Rust server Chroma ships in its npm bindings), not a fake: started in a
// child process on a free loopback port over a temporary directory, stopped and removed on close.
// The pinned binding (chromadb-js-bindings-linux-x64-gnu 1.0.5) is the last release built for
// glibc 2.34 (Debian 12 has 2.36; later releases need glibc 2.38/2.39).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ChromaServer {
  /** `http://127.0.0.1:PORT` (Chroma's HTTP API v2 lives under `/api/v2`). */
  url: string;
  /** The server's persistence directory (removed on close). */
  dataDir: string;
  close(): Promise<void>;
}

export interface ChromaServerOptions {
  /** Ms to wait for the heartbeat (default 30 000). */
  startTimeoutMs?: number;
}

const BINDING = 'chromadb-js-bindings-linux-x64-gnu';

/** Why a real Chroma server cannot start on this machine, or undefined when it can. */
export function chromaUnavailable(): string | undefined {
  if (platform() !== 'linux' || arch() !== 'x64') return `the pinned Chroma binding is built for linux x64, not ${platform()} ${arch()}`;
  try {
    createRequire(import.meta.url).resolve(BINDING);
    return undefined;
  } catch {
    return `${BINDING} is not installed (an optional dependency of @warden/test-servers)`;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function heartbeat(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1000) });
    await response.text();
    return response.ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

/** Starts a real Chroma server; throws (saying why) when the binary cannot run here. */
export async function startChromaServer(options: ChromaServerOptions = {}): Promise<ChromaServer> {
  const problem = chromaUnavailable();
  if (problem) throw new Error(`Cannot start a Chroma server: ${problem}.`);
  const binding = createRequire(import.meta.url).resolve(BINDING);
  const dataDir = await mkdtemp(join(tmpdir(), 'warden-chroma-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The binding's `cli` runs the server on the calling thread until it is stopped.
  const script = `require(${JSON.stringify(binding)}).cli(['chroma', 'run', '--path', ${JSON.stringify(dataDir)}, '--host', '127.0.0.1', '--port', '${port}'])`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ANONYMIZED_TELEMETRY: 'False' } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!(await heartbeat(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`The Chroma server did not answer its heartbeat at ${url}: ${stderr.trim().slice(-500) || 'no output'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    async close() {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
