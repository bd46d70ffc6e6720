import { spawn } from 'node:child_process';
import fs, { existsSync, readdirSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionError } from '@warden/protocol';
import { contractRecords as R } from '../src/contract-records.js';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { bundleForNode } from './helpers/bundle.js';
import { tempDir } from './helpers/temp-dir.js';

const tmp = tempDir('hold');
let child = '';
beforeAll(async () => {
  child = await bundleForNode(join(import.meta.dirname, 'helpers', 'jsonl-holder.ts'), tmp.dir);
});
afterAll(() => tmp.cleanup());

type Counted = 'openSync' | 'linkSync' | 'unlinkSync' | 'statSync' | 'fdatasync';

/** Counts calls of some node:fs functions (module bindings included) while `fn` runs. */
async function counting<T>(fn: () => Promise<T>): Promise<{ value: T; calls: Record<Counted, number> }> {
  const names: Counted[] = ['openSync', 'linkSync', 'unlinkSync', 'statSync', 'fdatasync'];
  const calls = Object.fromEntries(names.map((n) => [n, 0])) as Record<Counted, number>;
  const real = new Map(names.map((n) => [n, fs[n]]));
  const table = fs as unknown as Record<string, unknown>;
  for (const name of names) {
    const original = real.get(name) as (...args: unknown[]) => unknown;
    table[name] = (...args: unknown[]) => {
      calls[name] += 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  try {
    return { value: await fn(), calls };
  } finally {
    for (const name of names) table[name] = real.get(name);
    syncBuiltinESMExports();
  }
}

describe('holding a JSONL session for a run', () => {
  it('appends under a hold with one write and one fdatasync each: no open, lock or stat per append', async () => {
    const dir = join(tmp.dir, 'fast');
    const store = jsonlSessionStore({ dir });
    await store.create({ id: 's' });
    const release = await store.hold('s');
    expect(release).toBeTypeOf('function');
    let version = 1;
    const { calls } = await counting(async () => {
      for (let i = 0; i < 20; i++) version = (await store.append('s', [R.user(`m-${i}`)], { expectedVersion: version })).version;
    });
    // The first append may scan the file once (the hold starts with no cached scan); the other 19 touch nothing but the descriptor.
    expect(calls.fdatasync).toBe(20);
    expect(calls.openSync).toBeLessThanOrEqual(1);
    expect(calls.linkSync + calls.unlinkSync).toBe(0);
    expect(calls.statSync).toBeLessThanOrEqual(1);
    expect(existsSync(join(dir, 's.jsonl.lock'))).toBe(true);
    await release!();
    await release!(); // idempotent
    expect(existsSync(join(dir, 's.jsonl.lock'))).toBe(false);
    expect(R.userTexts((await store.load('s')).records)).toEqual(Array.from({ length: 20 }, (_, i) => `m-${i}`));
    // Without a hold, each append takes and gives back the lock (the neighbour that must keep working).
    const { calls: unheld } = await counting(async () => {
      await store.append('s', [R.user('after')], { expectedVersion: version });
    });
    expect(unheld.linkSync).toBe(1);
    expect(unheld.fdatasync).toBe(1);
    await store.close();
  });

  it('keeps other writers out while held, shares the hold within the store, and lets them in once released', async () => {
    const dir = join(tmp.dir, 'shared');
    const store = jsonlSessionStore({ dir });
    await store.create({ id: 's' });
    const first = await store.hold('s');
    const second = await store.hold('s');
    const other = jsonlSessionStore({ dir, lockTimeoutMs: 50 });
    // A second store cannot hold it (it does not wait) and its appends wait for the lock.
    expect(await other.hold('s')).toBeUndefined();
    const refused = await other.append('s', [R.user('other')], { expectedVersion: 1 }).catch((error: unknown) => error);
    expect(SessionError.isInstance(refused) && refused.code).toBe('session.locked');
    await first!();
    // Still held by the second holder of the same store.
    expect((await store.append('s', [R.user('mine')], { expectedVersion: 1 })).version).toBe(2);
    expect(await other.append('s', [R.user('other')], { expectedVersion: 2 }).catch((error: unknown) => (error as SessionError).code)).toBe('session.locked');
    await second!();
    expect((await other.append('s', [R.user('other')], { expectedVersion: 2 })).version).toBe(3);
    expect(R.userTexts((await other.load('s')).records)).toEqual(['mine', 'other']);
    await other.close();
    await store.close();
  });

  it('refuses to hold a missing session, and close() releases what is held', async () => {
    const dir = join(tmp.dir, 'close');
    const store = jsonlSessionStore({ dir });
    await store.create({ id: 's' });
    const missing = await store.hold('nope').catch((error: unknown) => (error as SessionError).code);
    expect(missing).toBe('session.not_found');
    expect(existsSync(join(dir, 'nope.jsonl'))).toBe(false);
    expect(existsSync(join(dir, 'nope.jsonl.lock'))).toBe(false);
    await store.hold('s');
    await store.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.lock'))).toEqual([]);
  });

  it('a holder killed with -9 leaves its lock, which the next writer breaks (decision 0006), and its acknowledged record stays', async () => {
    const dir = join(tmp.dir, 'killed');
    await jsonlSessionStore({ dir }).create({ id: 'k' });
    for (let round = 0; round < 3; round++) {
      const proc = spawn(process.execPath, [child, dir, 'k', String(round)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      proc.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        proc.on('exit', () => reject(new Error('the holder exited before holding')));
        proc.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('\n')) resolve();
        });
      });
      const acknowledged = Number(/held (\d+)/.exec(out)?.[1]);
      proc.kill('SIGKILL');
      await new Promise((resolve) => proc.once('exit', resolve));
      expect(JSON.parse(readFileSync(join(dir, 'k.jsonl.lock'), 'utf8')).pid).toBe(proc.pid);
      const store = jsonlSessionStore({ dir, lockTimeoutMs: 5_000 });
      const loaded = await store.load('k');
      expect(loaded.version).toBe(acknowledged);
      const after = await store.append('k', [R.user(`after-${round}`)], { expectedVersion: loaded.version });
      expect(after.version).toBe(acknowledged + 1);
      await store.close();
      expect(existsSync(join(dir, 'k.jsonl.lock'))).toBe(false);
    }
    const texts = R.userTexts((await jsonlSessionStore({ dir }).load('k')).records);
    expect(texts).toEqual(['held-0', 'after-0', 'held-1', 'after-1', 'held-2', 'after-2']);
  }, 60_000);
});
