import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { bundleForNode } from './helpers/bundle.js';
import { tempDir } from './helpers/temp-dir.js';

const RACERS = 8;
const ROUNDS = 25;
const APPENDS = 2;
const tmp = tempDir('steal');
let child = '';
beforeAll(async () => {
  child = await bundleForNode(join(import.meta.dirname, 'helpers', 'lock-racer.ts'), tmp.dir);
});
afterAll(() => tmp.cleanup());

type Reply = { ready: true } | { acked: Array<{ version: number; id: string }> } | { error: string };

function next(proc: ChildProcess): Promise<Reply> {
  return once(proc, 'message').then(([message]) => message as Reply);
}

/** Starts a process that takes the session's lock; resolves once it holds it. */
async function lockHolder(dir: string, id: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [child, 'holder', dir, id], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    proc.on('exit', () => reject(new Error('the lock holder exited before holding the lock')));
    proc.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('held\n')) resolve();
    });
  });
  return proc;
}

describe('racing for a lock left by a killed process', () => {
  it(`${RACERS} processes, ${ROUNDS} rounds: exactly one takes each dead lock, no two acknowledged appends share a version`, async () => {
    const dir = join(tmp.dir, 'race');
    const id = 'raced';
    const store = jsonlSessionStore({ dir });
    await store.create({ id });
    const racers = Array.from({ length: RACERS }, () => fork(child, ['racer', dir, id], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
    try {
      await Promise.all(racers.map(next));
      const acked: Array<{ version: number; id: string }> = [];
      for (let round = 0; round < ROUNDS; round++) {
        const holder = await lockHolder(dir, id);
        const replies = racers.map(next);
        for (const racer of racers) racer.send({ round, appends: APPENDS });
        // The racers are now waiting for the lock; its holder dies without releasing it.
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(Math.random() * 20)));
        holder.kill('SIGKILL');
        await once(holder, 'exit');
        for (const reply of await Promise.all(replies)) {
          if ('error' in reply) throw new Error(reply.error);
          if ('acked' in reply) acked.push(...reply.acked);
        }
      }
      expect(acked).toHaveLength(RACERS * ROUNDS * APPENDS);
      const versions = acked.map((a) => a.version);
      expect(new Set(versions).size).toBe(versions.length);
      const loaded = await jsonlSessionStore({ dir }).load(id);
      expect(loaded.warnings).toEqual([]);
      expect(loaded.version).toBe(1 + acked.length);
      expect(loaded.records.filter((r) => r.type === 'message').map((r) => r.id).sort()).toEqual(acked.map((a) => a.id).sort());
      expect(existsSync(join(dir, `${id}.jsonl.lock`))).toBe(false);
    } finally {
      for (const racer of racers) racer.kill('SIGKILL');
    }
  }, 300_000);
});
