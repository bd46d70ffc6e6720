import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, validateHarnessOptions } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

describe('owner: runs act for one owner, whose sessions only it can load', () => {
  it('creates the session for the owner; the same owner resumes it, another owner finds nothing', async () => {
    const dir = tempWorkspace();
    const store = memorySessionStore();
    const alice = await createHarness({ workdir: dir, provider: scriptedProvider(['first', 'second']), env: {}, audit: false, sessions: store, owner: { userId: 'alice', tenantId: 'acme' } });
    const first = await alice.run('hello');
    expect(first.stopReason).toBe('done');
    const loaded = await store.load(first.sessionId!, { userId: 'alice' });
    expect(loaded.owner).toEqual({ userId: 'alice', tenantId: 'acme' });
    expect(await alice.latestSessionId()).toBe(first.sessionId);

    const again = await alice.with({ sessionId: first.sessionId! });
    expect((await again.run('and again')).output).toBe('second');

    const mallory = await createHarness({ workdir: dir, provider: scriptedProvider(['never']), env: {}, audit: false, sessions: store, owner: { userId: 'mallory', tenantId: 'acme' } });
    await expect(mallory.resume(first.sessionId!)).rejects.toMatchObject({ code: 'session.not_found' });
    expect(await mallory.latestSessionId()).toBeUndefined();
    const otherTenant = await createHarness({ workdir: dir, provider: scriptedProvider(['never']), env: {}, audit: false, sessions: store, owner: { tenantId: 'globex' } });
    await expect(otherTenant.resume(first.sessionId!)).rejects.toMatchObject({ code: 'session.not_found' });
    await Promise.all([alice.close(), mallory.close(), otherTenant.close()]);
  });

  it('validates the owner option', () => {
    expect(validateHarnessOptions({ workdir: '/w', owner: { userId: 'a' } }).ok).toBe(true);
    for (const owner of ['alice', { userId: '' }, { name: 'a' }, { userId: 3 }]) {
      const result = validateHarnessOptions({ workdir: '/w', owner });
      expect(result.errors.map((e) => e.path)).toEqual(['owner']);
    }
  });
});
