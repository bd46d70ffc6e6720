import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pushReport } from '@warden/evidence/report';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, csrfOf, downloadDashFile, makeRun, setupAdmin, startTestDash, WebClient, type TestDash } from './helpers.js';

let t: TestDash;
let admin: WebClient;

beforeEach(async () => {
  t = await startTestDash('sqlite');
  admin = await setupAdmin(t.dash.url);
});

afterEach(async () => {
  await t.stop();
});

describe('CSRF', () => {
  it('refuses a form without, with a wrong, or with another session’s token, and from another origin; accepts the real one', async () => {
    const page = await admin.get('/projects');
    const csrf = csrfOf(page.text);
    const other = new WebClient(t.dash.url);
    await other.submit('/sign-in', '/sign-in', { email: 'admin@example.test', password: 'correct horse battery' });
    const otherCsrf = csrfOf((await other.get('/projects')).text);
    expect(otherCsrf).not.toBe(csrf);
    const attempts: Array<[Record<string, string>, Record<string, string>]> = [
      [{ name: 'No token' }, {}],
      [{ name: 'Empty', _csrf: '' }, {}],
      [{ name: 'Wrong', _csrf: `${csrf.slice(0, -2)}xx` }, {}],
      [{ name: 'Other session', _csrf: otherCsrf }, {}],
      [{ name: 'Cross origin', _csrf: csrf }, { origin: 'https://evil.example' }],
      [{ name: 'Cross site', _csrf: csrf }, { 'sec-fetch-site': 'cross-site' }],
      [{ name: 'Opaque origin', _csrf: csrf }, { origin: 'null' }],
    ];
    for (const [form, headers] of attempts) {
      const response = await admin.request('/projects', { method: 'POST', form, headers });
      expect(response.status, form.name).toBe(403);
    }
    expect((await admin.get('/projects')).text).not.toMatch(/No token|Wrong|Other session|Cross|Opaque/);
    const ok = await admin.request('/projects', { method: 'POST', form: { name: 'Real', _csrf: csrf }, headers: { origin: t.dash.publicUrl } });
    expect(ok.status).toBe(303);
  });

  it('guards the forms before sign-in too (setup and sign-in use a double-submit cookie)', async () => {
    const stranger = new WebClient(t.dash.url);
    const noCookie = await stranger.request('/sign-in', { method: 'POST', form: { email: 'admin@example.test', password: 'correct horse battery', _csrf: 'x'.repeat(43) } });
    expect(noCookie.status).toBe(403);
    const fresh = new WebClient(t.dash.url);
    const setupAgain = await fresh.submit('/sign-in', '/setup', { email: 'evil@example.test', password: 'another long password', confirm: 'another long password' });
    expect(setupAgain.status).toBe(303);
    expect(setupAgain.headers.get('location')).toBe('/sign-in');
    const evil = await new WebClient(t.dash.url).submit('/sign-in', '/sign-in', { email: 'evil@example.test', password: 'another long password' });
    expect(evil.status).toBe(401);
    const signedIn = await fresh.submit('/sign-in', '/sign-in', { email: 'admin@example.test', password: 'correct horse battery' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/projects');
  });

  it('sign-out needs the CSRF value, then ends the session on the server', async () => {
    const cookies = new Map(admin.cookies);
    expect((await admin.request('/sign-out', { method: 'POST', form: {} })).status).toBe(403);
    expect((await admin.get('/projects')).status).toBe(200);
    expect((await admin.submit('/projects', '/sign-out', {})).status).toBe(303);
    const replay = new WebClient(t.dash.url);
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    const after = await replay.get('/projects');
    expect(after.status).toBe(303);
    expect(after.response.headers.get('location')).toBe('/sign-in');
  });
});

describe('projects are walled off from each other', () => {
  it('a token of project A can neither push to nor read project B; B’s runs stay B’s', async () => {
    const a = await createProject(admin, 'Alpha');
    const b = await createProject(admin, 'Beta');
    const fileA = await downloadDashFile(admin, a, t.dir);
    const fileB = await downloadDashFile(admin, b, t.dir);
    const runB = await makeRun(path.join(t.dir, 'out'), { runId: 'beta-run' });
    expect((await pushReport(runB.dir, fileB.file)).status).toBe(201);

    const body = await readFile(path.join(runB.dir, 'report.json'), 'utf8');
    const pushAtoB = await fetch(`${t.dash.url}/api/projects/${b}/runs`, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${fileA.json.token}` } });
    expect(pushAtoB.status).toBe(403);
    expect(((await pushAtoB.json()) as { error: { code: string } }).error.code).toBe('dash.wrong_project');
    const readAfromB = await fetch(`${t.dash.url}/api/projects/${b}/runs/beta-run`, { headers: { authorization: `Bearer ${fileA.json.token}` } });
    expect(readAfromB.status).toBe(403);
    const unknown = await fetch(`${t.dash.url}/api/projects/no-such/runs/beta-run`, { headers: { authorization: `Bearer ${fileA.json.token}` } });
    expect(unknown.status).toBe(403);
    // A's token reads its own project, where beta-run does not exist.
    const readOwn = await fetch(`${t.dash.url}/api/projects/${a}/runs/beta-run`, { headers: { authorization: `Bearer ${fileA.json.token}` } });
    expect(readOwn.status).toBe(404);
    const readB = await fetch(`${t.dash.url}/api/projects/${b}/runs/beta-run`, { headers: { authorization: `Bearer ${fileB.json.token}` } });
    expect(readB.status).toBe(200);
    expect(((await readB.json()) as { project: string }).project).toBe(b);

    // The same run id in A is a different run: no conflict with B's.
    const pushedA = await fetch(`${t.dash.url}/api/projects/${a}/runs`, { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${fileA.json.token}` } });
    expect(pushedA.status).toBe(201);
  });

  it('a member of A cannot read B’s pages, reports or history; the admin can read both', async () => {
    const a = await createProject(admin, 'Alpha');
    const b = await createProject(admin, 'Beta');
    const fileB = await downloadDashFile(admin, b, t.dir);
    await pushReport((await makeRun(path.join(t.dir, 'out'), { runId: 'beta-run' })).dir, fileB.file);
    expect((await admin.submit('/users', '/users', { email: 'bob@example.test', password: 'bobs long password', role: 'member' })).status).toBe(200);
    expect((await admin.submit(`/p/${a}/settings`, `/p/${a}/members`, { email: 'bob@example.test' })).status).toBe(303);
    const bob = new WebClient(t.dash.url);
    expect((await bob.submit('/sign-in', '/sign-in', { email: 'bob@example.test', password: 'bobs long password' })).status).toBe(303);

    const projects = await bob.get('/projects');
    expect(projects.text).toContain(`/p/${a}`);
    expect(projects.text).not.toContain(`/p/${b}`);
    for (const url of [`/p/${b}`, `/p/${b}/runs/beta-run`, `/p/${b}/runs/beta-run/report`, `/p/${b}/runs/beta-run/report.json`, `/p/${b}/cases`, `/p/${b}/case?id=web:cart`, `/p/${b}/containment`, `/p/${b}/settings`, `/p/${b}/cli`]) {
      const page = await bob.get(url);
      expect(page.status, url).toBe(404);
      expect(page.text).not.toContain('beta-run');
    }
    expect((await bob.submit(`/p/${a}/cli`, `/p/${b}/cli`, { name: 'steal' })).status).toBe(404);
    expect((await bob.get(`/p/${a}`)).status).toBe(200);
    expect((await bob.get('/users')).status).toBe(403);
    expect((await admin.get(`/p/${b}/runs/beta-run`)).status).toBe(200);
  });
});

describe('pushed content is data, never markup', () => {
  it('a report full of <script> renders inert: escaped in every page, the report served sandboxed under a hash-only CSP', async () => {
    const slug = await createProject(admin, 'Shop');
    const { file } = await downloadDashFile(admin, slug, t.dir);
    const evil = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'evil-run', title: evil, env: `prod"><script>1</script>` });
    expect((await pushReport(run.dir, file)).status).toBe(201);

    const pages = [`/p/${slug}`, `/p/${slug}/runs/evil-run`, `/p/${slug}/cases`, `/p/${slug}/case?id=web:cart`, `/p/${slug}/runs/evil-run/report`];
    for (const url of pages) {
      const page = await admin.get(url);
      expect(page.status, url).toBe(200);
      expect(page.text, url).not.toContain('<script>window.pwned');
      expect(page.text, url).not.toContain('<img src=x');
      expect(page.text, url).not.toContain('"><script>1');
    }
    const dashPage = await admin.get(`/p/${slug}/cases`);
    expect(dashPage.text).toContain('&lt;script&gt;window.pwned=1&lt;/script&gt;');
    const csp = dashPage.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(dashPage.text).not.toMatch(/<script|style="/);

    const report = await admin.get(`/p/${slug}/runs/evil-run/report`);
    const reportCsp = report.response.headers.get('content-security-policy') ?? '';
    expect(reportCsp).toMatch(/^sandbox allow-scripts;/);
    expect(reportCsp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(reportCsp).not.toContain('unsafe-inline');
    // Exactly one script element: the renderer's own.
    expect(report.text.match(/<script/g)).toHaveLength(1);

    const json = await admin.get(`/p/${slug}/runs/evil-run/report.json`);
    expect(json.response.headers.get('content-disposition')).toContain('attachment');
    expect(json.response.headers.get('content-security-policy')).toContain('sandbox');
    expect(json.response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
