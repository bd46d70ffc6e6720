import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFileLock, createFileLocker } from './file-lock.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('acquireFileLock', () => {
  it('admits one holder at a time and leaves nothing behind', async () => {
    const path = join(dir, 'a.jsonl');
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, async (_, k) => {
        const release = await acquireFileLock(path, { timeoutMs: 5000 });
        inside += 1;
        most = Math.max(most, inside);
        order.push(`in ${k}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inside -= 1;
        await release();
      }),
    );
    expect(most).toBe(1);
    expect(order).toHaveLength(6);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('gives up with session.locked after the timeout', async () => {
    const path = join(dir, 'b.jsonl');
    const release = await acquireFileLock(path, { timeoutMs: 1000 });
    await expect(acquireFileLock(path, { timeoutMs: 30 })).rejects.toMatchObject({ code: 'session.locked' });
    await release();
    const again = await acquireFileLock(path, { timeoutMs: 30 });
    await again();
  });
});

describe('createFileLocker', () => {
  const root = mkdtempSync(join(tmpdir(), 'warden-locker-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fresh = (): string => mkdtempSync(join(root, 'd-'));

  it('admits one holder at a time across lockers (as across processes) and cleans up on close', async () => {
    const d = fresh();
    const path = join(d, 's.jsonl');
    const lockers = [createFileLocker(), createFileLocker(), createFileLocker()];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, async (_, k) => {
        const release = await lockers[k % 3]!.acquire(path, { timeoutMs: 5000 });
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inside -= 1;
        await release();
      }),
    );
    expect(most).toBe(1);
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(readdirSync(d).filter((f) => f.startsWith('.warden-lock-'))).toHaveLength(3);
    await Promise.all(lockers.map((l) => l.close()));
    expect(readdirSync(d)).toEqual([]);
  });

  it('waits for a lock held elsewhere, gives up with session.locked, and takes it once free', async () => {
    const d = fresh();
    const path = join(d, 's.jsonl');
    const other = await acquireFileLock(path, { timeoutMs: 1000 });
    const locker = createFileLocker();
    await expect(locker.acquire(path, { timeoutMs: 30 })).rejects.toMatchObject({ code: 'session.locked' });
    await other();
    const release = await locker.acquire(path, { timeoutMs: 30 });
    await expect(acquireFileLock(path, { timeoutMs: 30 })).rejects.toMatchObject({ code: 'session.locked' });
    await release();
    await locker.close();
  });

  it('breaks a lock left by a dead process, and releases only a lock that is still its own', async () => {
    const d = fresh();
    const path = join(d, 's.jsonl');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 'dead' }));
    const locker = createFileLocker();
    const release = await locker.acquire(path, { timeoutMs: 1000 });
    // Someone replaced the lock meanwhile: releasing must leave theirs in place.
    unlinkSync(`${path}.lock`);
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), token: 'theirs' }));
    await release();
    expect(readFileSync(`${path}.lock`, 'utf8')).toContain('theirs');
    await locker.close();
  });

  it('removes owner files left by dead processes of this host, and keeps live ones', async () => {
    const d = fresh();
    const dead = join(d, '.warden-lock-4194321-dead');
    const live = join(d, '.warden-lock-1-live');
    writeFileSync(dead, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 'dead' }));
    writeFileSync(live, JSON.stringify({ pid: process.pid, host: hostname(), token: 'live' }));
    const locker = createFileLocker();
    const release = await locker.acquire(join(d, 's.jsonl'), { timeoutMs: 1000 });
    await release();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
    await locker.close();
  });

  it('a break mark left by a breaker that died is cleared, and the dead lock is then broken', async () => {
    const d = fresh();
    const path = join(d, 's.jsonl');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 'dead' }));
    writeFileSync(`${path}.lock.break-dead`, JSON.stringify({ pid: 2 ** 22 + 19, host: hostname(), token: 'dead-breaker' }));
    const locker = createFileLocker();
    const release = await locker.acquire(path, { timeoutMs: 2000 });
    expect(existsSync(`${path}.lock.break-dead`)).toBe(false);
    await release();
    expect(existsSync(`${path}.lock`)).toBe(false);
    await locker.close();
  });

  it('a dead lock whose break mark belongs to a live breaker is left to that breaker (and times out here)', async () => {
    const d = fresh();
    const path = join(d, 's.jsonl');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 'dead' }));
    writeFileSync(`${path}.lock.break-dead`, JSON.stringify({ pid: process.pid, host: hostname(), token: 'live-breaker' }));
    const locker = createFileLocker();
    await expect(locker.acquire(path, { timeoutMs: 60 })).rejects.toMatchObject({ code: 'session.locked' });
    expect(readFileSync(`${path}.lock`, 'utf8')).toContain('"dead"');
    await locker.close();
  });
});
