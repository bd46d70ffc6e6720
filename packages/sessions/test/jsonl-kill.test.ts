import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { bundleForNode } from './helpers/bundle.js';
import { tempDir } from './helpers/temp-dir.js';

const KILLS = 200;
const LANES = 4;
const tmp = tempDir('kill');
let child = '';
beforeAll(async () => {
  child = await bundleForNode(join(import.meta.dirname, 'helpers', 'jsonl-writer.ts'), tmp.dir);
});
afterAll(() => tmp.cleanup());

interface Writer {
  /** Lets the booted writer start; resolves with the numbers it reported durable before its SIGKILL. */
  go(): Promise<number[]>;
  kill(): void;
}

/** Boots a writer that waits for "go", appends in a tight loop, and gets SIGKILL a few ms after it is ready. */
function bootWriter(dir: string, id: string): Writer {
  const proc = spawn(process.execPath, [child, dir, id], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let killed = false;
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (chunk: string) => {
    out += chunk;
    if (!killed && out.startsWith('ready\n')) {
      killed = true;
      setTimeout(() => proc.kill('SIGKILL'), Math.floor(Math.random() * 12));
    }
  });
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<number[]>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited by itself: ${err}`));
      const lines = out.split('\n');
      lines.pop(); // a line cut short by the kill never counted
      resolve(lines.filter((l) => l !== 'ready').map(Number));
    });
  });
  return {
    go: () => {
      proc.stdin.write('go\n');
      return done;
    },
    kill: () => {
      killed = true;
      proc.kill('SIGKILL');
      done.catch(() => undefined);
    },
  };
}

describe('kill -9 while appending to a JSONL session', () => {
  it(`loses nothing reported durable across ${KILLS} kills (at most the in-flight record)`, async () => {
    const lane = async (k: number): Promise<number> => {
      const dir = join(tmp.dir, `lane-${k}`);
      const id = `kill-${k}`;
      await jsonlSessionStore({ dir }).create({ id });
      let count = 0;
      let kills = 0;
      let next = bootWriter(dir, id);
      try {
        for (let i = 0; i < KILLS / LANES; i++) {
          const current = next;
          next = bootWriter(dir, id); // boots while this one runs
          const durable = await current.go();
          kills += 1;
          const loaded = await jsonlSessionStore({ dir }).load(id);
          const texts = loaded.records.flatMap((r) => (r.type === 'message' && r.message.parts[0]?.type === 'text' ? [r.message.parts[0].text] : []));
          // Every record exactly once, in order, with no gap.
          expect(texts).toEqual(Array.from({ length: texts.length }, (_, j) => `m-${j}`));
          const reported = durable.length > 0 ? durable[durable.length - 1]! + 1 : count;
          expect(texts.length).toBeGreaterThanOrEqual(reported);
          expect(texts.length).toBeLessThanOrEqual(reported + 1);
          expect(loaded.version).toBe(texts.length + 1);
          count = texts.length;
        }
      } finally {
        next.kill();
      }
      return kills;
    };
    const kills = await Promise.all(Array.from({ length: LANES }, (_, k) => lane(k)));
    expect(kills.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(KILLS);
  }, 480_000);
});
