import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, setupAdmin, startTestDash, STORE_KINDS, WebClient, type TestDash } from './helpers.js';

let t: TestDash;

beforeEach(async () => {
  t = await startTestDash('sqlite', { signInAttempts: 3 });
});

afterEach(async () => {
  await t.stop();
});

async function signIn(email: string, password: string): Promise<Response> {
  return new WebClient(t.dash.url).submit('/sign-in', '/sign-in', { email, password });
}

describe('first run', () => {
  it('sends everyone to setup until the admin exists, then never shows setup again', async () => {
    const visitor = new WebClient(t.dash.url);
    for (const url of ['/', '/sign-in']) expect((await visitor.get(url)).response.headers.get('location')).toBe('/setup');
    const weak = await visitor.submit('/setup', '/setup', { email: ADMIN.email, password: 'short', confirm: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('at least 12 characters');
    const mismatch = await visitor.submit('/setup', '/setup', { email: ADMIN.email, password: 'long enough password', confirm: 'long enough passwort' });
    expect(mismatch.status).toBe(400);
    const admin = await setupAdmin(t.dash.url);
    expect((await admin.get('/projects')).status).toBe(200);
    expect((await new WebClient(t.dash.url).get('/setup')).response.headers.get('location')).toBe('/sign-in');
  });

  it('stores the password as scrypt, never in clear', async () => {
    await setupAdmin(t.dash.url);
    const db = new Database(path.join(t.dir, 'data', 'dash.sqlite'), { readonly: true });
    const row = db.prepare('select password_hash from dash_users').get() as { password_hash: string };
    db.close();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.password_hash).not.toContain(ADMIN.password);
  });
});

describe('sessions', () => {
  it('sets an HTTP-only, SameSite=Strict, Secure session cookie whose value is not what the database stores', async () => {
    const admin = await setupAdmin(t.dash.url);
    const fresh = new WebClient(t.dash.url);
    await fresh.submit('/sign-in', '/sign-in', ADMIN);
    const line = fresh.lastSetCookies.find((c) => c.startsWith('__Host-warden_dash='));
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Secure/i);
    expect(line).toMatch(/Path=\//);
    const value = fresh.cookies.get('__Host-warden_dash')!;
    const db = new Database(path.join(t.dir, 'data', 'dash.sqlite'), { readonly: true });
    const stored = db.prepare('select id_hash from dash_web_sessions').all() as Array<{ id_hash: string }>;
    db.close();
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.id_hash)).not.toContain(value);
    expect((await admin.get('/projects')).status).toBe(200);
  });

  it('pages need a session; a forged cookie is just no session', async () => {
    await setupAdmin(t.dash.url);
    const forged = new WebClient(t.dash.url);
    forged.cookies.set('__Host-warden_dash', 'A'.repeat(43));
    for (const url of ['/projects', '/users', '/p/anything']) expect((await forged.get(url)).response.headers.get('location'), url).toBe('/sign-in');
  });
});

describe('sign-in rate limit', () => {
  it('blocks an email after 3 failures — even with the right password — while other accounts still sign in', async () => {
    const admin = await setupAdmin(t.dash.url);
    expect((await admin.submit('/users', '/users', { email: 'bob@example.test', password: 'bobs long password', role: 'member' })).status).toBe(200);
    expect((await signIn(ADMIN.email, 'wrong password 1')).status).toBe(401);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(303);
    for (let i = 0; i < 3; i += 1) expect((await signIn(ADMIN.email, `wrong password ${i}`)).status).toBe(401);
    const blocked = await signIn(ADMIN.email, ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Too many failed sign-ins');
    expect((await signIn('BOB@example.test', 'bobs long password')).status).toBe(303);
    expect((await signIn('nobody@example.test', 'whatever password')).status).toBe(401);
  });

  it('blocks one address that sprays many accounts', async () => {
    await setupAdmin(t.dash.url);
    for (let i = 0; i < 12; i += 1) expect((await signIn(`user${i}@example.test`, 'not the password')).status).toBe(401);
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(429);
  });
});

describe.each(STORE_KINDS)('first-run race (%s)', (kind) => {
  it('of several setups racing, exactly one creates an admin', async () => {
    const race = await startTestDash(kind);
    try {
      const clients = Array.from({ length: 5 }, () => new WebClient(race.dash.url));
      await Promise.all(clients.map((c) => c.get('/setup')));
      const answers = await Promise.all(
        clients.map((c, i) => c.request('/setup', { method: 'POST', form: { _csrf: c.cookies.get('__Host-warden_dash_csrf')!, email: `racer${i}@example.test`, password: 'a long racing password', confirm: 'a long racing password' } })),
      );
      expect(answers.every((a) => a.status === 303)).toBe(true);
      expect(answers.map((a) => a.headers.get('location')).filter((l) => l === '/projects')).toHaveLength(1);
      const signIns = await Promise.all(clients.map((_, i) => new WebClient(race.dash.url).submit('/sign-in', '/sign-in', { email: `racer${i}@example.test`, password: 'a long racing password' })));
      expect(signIns.filter((r) => r.status === 303)).toHaveLength(1);
    } finally {
      await race.stop();
    }
  });
});
