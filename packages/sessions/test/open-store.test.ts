import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSessionStore } from '../src/check-session-store.js';
import { loadDriver } from '../src/driver-loader.js';
import { latestSession } from '../src/latest-session.js';
import { openApprovalStore, openSessionStore, parseStoreTarget } from '../src/open-store.js';
import { postgresSessionStore } from '../src/postgres-store.js';
import { redisSessionStore } from '../src/redis-store.js';
import { contractRecords as R } from '../src/contract-records.js';
import { tempDir } from './helpers/temp-dir.js';
import { dropPrefixed, PG_URL, uniquePrefix } from './pg-helpers.js';
import { dropKeys, REDIS_URL, uniqueKeyPrefix } from './redis-helpers.js';

const tmp = tempDir('open');
const tablePrefix = uniquePrefix('open');
const keyPrefix = uniqueKeyPrefix('open');
afterAll(async () => {
  tmp.cleanup();
  await dropPrefixed(tablePrefix);
  await dropKeys(keyPrefix);
});

/** Imports a package that is certainly not installed, as a machine without the driver would. */
const withoutDrivers = (specifier: string) => import(`warden-test-not-installed-${specifier}`);

describe('openSessionStore', () => {
  it('reads every kind of location', () => {
    expect(parseStoreTarget('.warden/sessions')).toEqual({ kind: 'jsonl', dir: '.warden/sessions' });
    expect(parseStoreTarget('jsonl:/var/lib/warden')).toEqual({ kind: 'jsonl', dir: '/var/lib/warden' });
    expect(parseStoreTarget('sqlite:data/s.db')).toEqual({ kind: 'sqlite', path: 'data/s.db' });
    expect(parseStoreTarget('sqlite:///abs/s.db')).toEqual({ kind: 'sqlite', path: '/abs/s.db' });
    expect(parseStoreTarget('postgresql://u@h/db')).toEqual({ kind: 'postgres', url: 'postgresql://u@h/db' });
    expect(parseStoreTarget('redis://h:6379/2?ttl=3600')).toEqual({ kind: 'redis', url: 'redis://h:6379/2', ttlSeconds: 3600 });
  });

  it.each([undefined, null, 42, { dir: 'x' }, ''])('refuses %j as a location with a typed error, not a crash', async (value) => {
    expect(() => parseStoreTarget(value as unknown as string)).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    await expect(openSessionStore(value as unknown as string)).rejects.toMatchObject({ code: 'config.invalid' });
  });

  it('refuses an unknown scheme without echoing credentials', () => {
    let message = '';
    try {
      parseStoreTarget('mongodb://admin:hunter2@db/x');
    } catch (error) {
      expect(error).toMatchObject({ code: 'config.invalid' });
      message = (error as Error).message;
    }
    expect(message).toContain('mongodb:');
    expect(message).not.toContain('hunter2');
  });

  it.each([
    ['sqlite:x.db', 'better-sqlite3'],
    ['postgres://postgres@127.0.0.1/test', 'pg'],
    ['redis://127.0.0.1:6379', 'ioredis'],
  ])('fails for %s without its driver, naming `npm install %s`', async (target, pkg) => {
    const error = await openSessionStore(target, { importer: withoutDrivers }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'session.driver_missing', hint: `npm install ${pkg}` });
    await expect(openApprovalStore(target, { importer: withoutDrivers })).rejects.toMatchObject({ code: 'session.driver_missing' });
  });

  it('tells a broken driver from a missing one', async () => {
    const broken = () => Promise.reject(Object.assign(new Error('Could not locate the bindings file'), { code: 'ERR_DLOPEN_FAILED' }));
    await expect(loadDriver('better-sqlite3', broken)).rejects.toMatchObject({ code: 'session.driver_missing', hint: expect.stringContaining('npm rebuild better-sqlite3') });
  });

  it.each([
    ['jsonl', () => join(tmp.dir, 'jsonl')],
    ['sqlite', () => `sqlite:${join(tmp.dir, 'check.db')}`],
    ['postgres', () => PG_URL],
    ['redis', () => REDIS_URL],
  ])('opens a %s store that passes checkSessionStore() and answers latestSession()', async (_kind, target) => {
    const store = await openSessionStore(target(), { tablePrefix, keyPrefix });
    try {
      const report = await checkSessionStore(store);
      expect(report.steps.map((s) => s.step)).toEqual(['create', 'append', 'load', 'list', 'stale_version', 'delete']);
      expect(report).toMatchObject({ ok: true });
      const owner = { userId: `latest-${report.sessionId}` };
      const a = await store.create({ owner });
      await new Promise((resolve) => setTimeout(resolve, 15));
      const b = await store.create({ owner });
      expect((await latestSession(store, owner))?.id).toBe(b.id);
      await new Promise((resolve) => setTimeout(resolve, 15));
      await store.append(a.id, [R.user('back to the first')], { expectedVersion: 1 });
      expect((await latestSession(store, owner))?.id).toBe(a.id);
      expect(await latestSession(store, { userId: 'nobody-at-all' })).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('checkSessionStore()', () => {
  it('reports the first step a broken store fails', async () => {
    const store = await openSessionStore(join(tmp.dir, 'broken'));
    const broken = { ...store, append: () => Promise.resolve({ version: 2 }), list: () => Promise.resolve([]) };
    const report = await checkSessionStore(broken);
    expect(report.ok).toBe(false);
    expect(report.steps.find((s) => !s.ok)).toMatchObject({ step: 'load', detail: 'loaded version 1, expected 2', code: 'store_check.loaded_version', params: { version: '1' } });
    await expect(store.load(report.sessionId)).rejects.toMatchObject({ code: 'session.not_found' });
  });
});

describe('a store that is down', () => {
  it('fails fast with session.io (PostgreSQL)', async () => {
    const store = postgresSessionStore({ connectionString: 'postgres://postgres@127.0.0.1:1/test', tablePrefix });
    await expect(store.create({})).rejects.toMatchObject({ code: 'session.io' });
    await store.close();
  });

  it('fails fast with session.io (Redis)', async () => {
    const store = redisSessionStore({ url: 'redis://127.0.0.1:1', keyPrefix });
    await expect(store.create({})).rejects.toMatchObject({ code: 'session.io' });
    await store.close();
  });
});
