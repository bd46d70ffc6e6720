import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../../src/audit/verify-audit.js';

const KILLS = 24;
const dir = mkdtempSync(join(tmpdir(), 'warden-audit-kill-'));
let child = '';

beforeAll(async () => {
  // vitest transforms TS only in its own process: bundle the child for plain node (esbuild comes with tsup).
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild') as { build(options: object): Promise<unknown> };
  child = join(dir, 'child.mjs');
  await esbuild.build({ entryPoints: [join(import.meta.dirname, 'audit-writer-child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'silent', packages: 'bundle' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a writer on `file` and kills it with -9 a few ms into its appends; resolves with the seqs it acknowledged. */
function writeThenKill(file: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killing = false;
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      out += chunk;
      // Killed while appending: a few ms after its first acknowledged entry (on a busy machine the
      // first entry can take longer than the delay, and a writer killed before it proves nothing).
      if (!killing && /^ready\n\d+\n/.test(out)) {
        killing = true;
        setTimeout(() => proc.kill('SIGKILL'), 2 + Math.floor(Math.random() * 15));
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('error', reject);
    proc.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`the writer exited by itself: ${err}`));
      const lines = out.split('\n');
      lines.pop(); // a line cut short by the kill never counted
      resolve(lines.filter((l) => l !== 'ready').map(Number));
    });
  });
}

describe("kill -9 while appending to an audit trail in 'flush' mode", () => {
  it(`loses no acknowledged entry and keeps the chain intact across ${KILLS} kills`, async () => {
    const file = join(dir, 'trail', 'audit.jsonl');
    let acknowledged = 0;
    for (let k = 0; k < KILLS; k++) {
      const acked = await writeThenKill(file);
      if (acked.length > 0) acknowledged = Math.max(acknowledged, ...acked);
      const check = await verifyAudit(file, 'kill-test-key');
      // Every line is whole (each is one write of a few hundred bytes), so the chain verifies and the
      // next writer continues it; every acknowledged entry is in it.
      expect(check.firstBad).toBeUndefined();
      expect(check.ok).toBe(true);
      expect(check.entries).toBeGreaterThanOrEqual(acknowledged);
    }
    expect(acknowledged).toBeGreaterThan(0);
  }, 120_000);
});
