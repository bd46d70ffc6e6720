import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pushReport } from '@warden/evidence/report';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, downloadDashFile, makeRun, setupAdmin, startTestDash, STORE_KINDS, type TestDash, type WebClient } from './helpers.js';

describe.each(STORE_KINDS)('ingest (%s)', (kind) => {
  let t: TestDash;
  let admin: WebClient;
  let slug: string;
  let dashFile: string;
  let token: string;

  beforeEach(async () => {
    t = await startTestDash(kind, { maxReportBytes: 256 * 1024 });
    admin = await setupAdmin(t.dash.url);
    slug = await createProject(admin, 'Shop');
    const downloaded = await downloadDashFile(admin, slug, t.dir);
    dashFile = downloaded.file;
    token = downloaded.json.token;
  });

  afterEach(async () => {
    await t.stop();
  });

  type Answer = { error: { code: string; message: string; details?: Array<{ path: string }> } };
  async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: Answer }> {
    const response = await fetch(new URL(`/api/projects/${slug}/runs`, t.dash.url), { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers } });
    return { status: response.status, json: (await response.json()) as Answer };
  }

  async function listed(): Promise<number> {
    const page = await admin.get(`/p/${slug}`);
    return (page.text.match(/<tr data-run=/g) ?? []).length;
  }

  it('the connection file is exactly what the CLI reads: url of the project, and the token', async () => {
    const file = JSON.parse(await readFile(dashFile, 'utf8'));
    expect(Object.keys(file).sort()).toEqual(['token', 'url']);
    expect(file.url).toBe(`${t.dash.publicUrl}/api/projects/${slug}/runs`);
    expect(file.token).toMatch(/^wdash_[A-Za-z0-9_-]{43}$/);
  });

  it('accepts what pushReport (the CLI’s push) sends, answers with the run URL, and is idempotent by run id', async () => {
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'run-1' });
    const first = await pushReport(run.dir, dashFile);
    expect(first.status).toBe(201);
    expect(first.response).toEqual({ runId: 'run-1', project: slug, url: `${t.dash.publicUrl}/p/${slug}/runs/run-1`, created: true });
    const again = await pushReport(run.dir, dashFile);
    expect(again.status).toBe(200);
    expect(again.response).toMatchObject({ runId: 'run-1', created: false });
    expect(await listed()).toBe(1);
    const page = await admin.get(`/p/${slug}/runs/run-1`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Run <code>run-1</code>');
  });

  it('refuses a different report under a stored run id (409) and keeps the first', async () => {
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'run-1' });
    await pushReport(run.dir, dashFile);
    const other = JSON.parse(await readFile(path.join(run.dir, 'report.json'), 'utf8'));
    other.durationMs += 1;
    const answer = await post(JSON.stringify(other));
    expect(answer.status).toBe(409);
    expect(answer.json.error.code).toBe('dash.run_conflict');
    const stored = await admin.get(`/p/${slug}/runs/run-1/report.json`);
    expect(JSON.parse(stored.text).durationMs).toBe(other.durationMs - 1);
  });

  it('bad, unknown and revoked tokens get 401 and store nothing', async () => {
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'run-1' });
    const body = await readFile(path.join(run.dir, 'report.json'), 'utf8');
    for (const authorization of ['', 'Bearer', `Bearer ${token}x`, `Basic ${Buffer.from(`a:${token}`).toString('base64')}`, 'Bearer wdash_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const answer = await post(body, { authorization });
      expect(answer.status, authorization).toBe(401);
      expect(answer.json.error.code).toBe('dash.bad_token');
      expect(JSON.stringify(answer.json)).not.toContain(token);
    }
    const settings = await admin.get(`/p/${slug}/settings`);
    const tokenId = /\/tokens\/([^/]+)\/revoke/.exec(settings.text)?.[1];
    const revoked = await admin.submit(`/p/${slug}/settings`, `/p/${slug}/tokens/${tokenId}/revoke`, {});
    expect(revoked.status).toBe(303);
    const afterRevoke = await post(body);
    expect(afterRevoke.status).toBe(401);
    await expect(pushReport(run.dir, dashFile)).rejects.toMatchObject({ code: 'evidence.push_failed' });
    expect(await listed()).toBe(0);
  });

  it('oversized, non-JSON, malformed and off-schema bodies get clear errors and store nothing', async () => {
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'run-1' });
    const report = JSON.parse(await readFile(path.join(run.dir, 'report.json'), 'utf8'));
    const big = { ...report, selectors: ['x'.repeat(300 * 1024)] };
    const cases: Array<[string, Record<string, string>, number, string]> = [
      [JSON.stringify(big), {}, 413, 'dash.too_large'],
      [JSON.stringify(report), { 'content-type': 'text/plain' }, 415, 'dash.unsupported_media_type'],
      ['{"schemaVersion": 1,', {}, 400, 'dash.malformed_json'],
      [JSON.stringify({ ...report, schemaVersion: 2 }), {}, 422, 'dash.invalid_report'],
      [JSON.stringify({ ...report, runId: '../../etc' }), {}, 422, 'dash.invalid_report'],
      [JSON.stringify({ ...report, cases: 'none' }), {}, 422, 'dash.invalid_report'],
      [JSON.stringify(report), { 'x-warden-run-id': 'another-run' }, 400, 'dash.run_id_mismatch'],
    ];
    for (const [body, headers, status, code] of cases) {
      const answer = await post(body, headers);
      expect(answer.status, code).toBe(status);
      expect(answer.json.error.code).toBe(code);
      expect(answer.json.error.message.length).toBeGreaterThan(10);
    }
    const invalid = await post(JSON.stringify({ ...report, schemaVersion: 2 }));
    expect(invalid.json.error.details?.[0]?.path).toBe('schemaVersion');
    // A chunked body (no content-length) over the limit is cut off too.
    const chunked = await fetch(new URL(`/api/projects/${slug}/runs`, t.dash.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: new Blob([JSON.stringify(big)]).stream(),
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
    expect(await listed()).toBe(0);
    // …and the ordinary report still goes through afterwards.
    expect((await post(JSON.stringify(report))).status).toBe(201);
    expect(await listed()).toBe(1);
  });

  it('the token_env form of the dash file works as well', async () => {
    const run = await makeRun(path.join(t.dir, 'out'), { runId: 'run-env' });
    const file = path.join(t.dir, 'env-dash.json');
    await writeFile(file, JSON.stringify({ url: `${t.dash.publicUrl}/api/projects/${slug}/runs`, token_env: 'WARDEN_DASH_TOKEN' }));
    const result = await pushReport(run.dir, file, { env: { WARDEN_DASH_TOKEN: token } });
    expect(result.status).toBe(201);
  });
});
