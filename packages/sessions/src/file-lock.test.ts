import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFileLock } from './file-lock.js';

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
