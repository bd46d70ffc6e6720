import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditFile } from '../src/index.js';
import { startStepServer } from './helpers/counting-model.js';
import { tempWorkspace } from './helpers/workspace.js';

/**
 * The same pin as `fdatasyncs-per-step.test.ts`, counted by the kernel's side instead of by wrapping
 * Node's `fs`: the run happens in a child process under `strace -f`, and every disk-sync system call
 * of every thread (libuv's pool included) is counted, whatever issued it — and so are the session file's
 * opens and lock links, which must not grow with the steps (the run holds its session). strace is a Debian package
 * that CI installs (`.ci/run`); without it this test fails, it does not skip.
 */
const SYNC_CALLS = ['fsync', 'fdatasync', 'sync_file_range', 'syncfs', 'sync'];
/** Also traced: how the session file is opened and locked (`<id>.jsonl.lock` is taken by a hard link). */
const FILE_CALLS = ['open', 'openat', 'link', 'linkat'];
const here = import.meta.dirname;
// Inside the package, so the bundle's bare imports resolve to the workspace's packages.
const out = path.join(here, '..', 'node_modules', '.cache', `warden-strace-${process.pid}`);
let child = '';

beforeAll(async () => {
  // vitest transforms TS only in its own process: bundle the child's source for plain node (esbuild comes with tsup).
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild') as { build(options: object): Promise<unknown> };
  mkdirSync(out, { recursive: true });
  child = path.join(out, 'durable-run-child.mjs');
  await esbuild.build({ entryPoints: [path.join(here, 'helpers', 'durable-run-child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'silent', packages: 'external' });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function straceVersion(): string {
  try {
    return execFileSync('strace', ['-V'], { encoding: 'utf8' }).split('\n')[0]!;
  } catch (error) {
    throw new Error(`this test counts system calls with strace, which is not installed (apt-get install strace; CI installs it): ${(error as Error).message}`, { cause: error });
  }
}

/** Runs one harness run of `steps` tool steps in a child under strace; the sync calls it made, and what the run reported. */
async function tracedRun(steps: number, mode: 'streamed' | 'unstreamed'): Promise<{ syncs: number; sessionOpens: number; locks: number; tools: number; stopReason: string; output: string; auditFile: string }> {
  const server = await startStepServer(steps);
  const workdir = tempWorkspace('warden-strace-');
  const trace = path.join(workdir, '..', `${path.basename(workdir)}.strace`);
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      const args = ['-f', '-qq', '-e', `trace=${[...SYNC_CALLS, ...FILE_CALLS].join(',')}`, '-o', trace, process.execPath, child, server.baseURL, workdir, String(steps), mode];
      const proc = spawn('strace', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      let err = '';
      proc.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      proc.on('error', reject);
      proc.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`the traced run exited ${code}: ${err}`))));
    });
    // One line per call; a call interrupted by another thread's line is split into "<unfinished ...>"
    // and "<... resumed>": count the start only.
    const calls = new RegExp(`^\\d+\\s+(${SYNC_CALLS.join('|')})\\(`);
    const lines = readFileSync(trace, 'utf8').split('\n');
    const syncs = lines.filter((line) => calls.test(line)).length;
    // The session file (`.warden/sessions/<id>.jsonl`) opened, and its lock taken, by path.
    const sessionOpens = lines.filter((line) => /^\d+\s+open(at)?\(.*\/sessions\/[^/"]+\.jsonl"/.test(line)).length;
    const locks = lines.filter((line) => /^\d+\s+link(at)?\(.*\.jsonl\.lock"/.test(line)).length;
    return { syncs, sessionOpens, locks, ...(JSON.parse(stdout) as { tools: number; stopReason: string; output: string; auditFile: string }) };
  } finally {
    await server.close();
    rmSync(trace, { force: true });
  }
}

describe('disk-sync system calls per tool step of the full harness, counted by strace', () => {
  it(`strace is there (${straceVersion()})`, () => {
    expect(straceVersion()).toMatch(/strace/);
  });

  for (const mode of ['unstreamed', 'streamed'] as const) {
    it(`at most 2 per tool step — the call, then its result — plus a few per run (${mode})`, async () => {
      const small = await tracedRun(3, mode);
      const large = await tracedRun(13, mode);
      if (process.env.SHOW_SYNCS) {
        const figures = (run: typeof small) => `${run.syncs} syncs, ${run.sessionOpens} session opens, ${run.locks} locks`;
        process.stderr.write(`strace (${mode}): 3 steps ${figures(small)}; 13 steps ${figures(large)}\n`);
      }
      for (const run of [small, large]) expect(run).toMatchObject({ stopReason: 'done', output: 'all added' });
      expect([small.tools, large.tools]).toEqual([3, 13]);
      // What 10 more tool steps cost: the write-ahead minimum is 2 per step.
      expect(large.syncs - small.syncs).toBeLessThanOrEqual(2 * 10);
      // The whole run: session create (file + directory), the task, the final answer, the trail's one sync.
      expect(large.syncs).toBeLessThanOrEqual(2 * 13 + 6);
      // strace sees them: each call is durable before its tool runs.
      expect(large.syncs).toBeGreaterThanOrEqual(13);
      // The run holds its session (decision 0011): the file is opened and locked per run, not per append.
      expect(large.locks).toBeGreaterThanOrEqual(1);
      expect(large.locks - small.locks).toBe(0);
      expect(large.sessionOpens - small.sessionOpens).toBe(0);
      // What the syncs covered is all there.
      const audit = await verifyAuditFile(large.auditFile);
      expect(audit.ok).toBe(true);
      expect(audit.entries).toBeGreaterThanOrEqual(3 * 13);
    }, 120_000);
  }
});
