import path from 'node:path';
import { pushReport } from '@warden/evidence/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, downloadDashFile, makeRun, setupAdmin, startTestDash, STORE_KINDS, type TestDash, type WebClient } from './helpers.js';

function runsListed(pageHtml: string): string[] {
  return [...pageHtml.matchAll(/<tr data-run="([^"]+)"/g)].map((m) => m[1]!);
}

describe.each(STORE_KINDS)('run list, case history and containment (%s)', (kind) => {
  let t: TestDash;
  let admin: WebClient;
  let slug: string;

  beforeAll(async () => {
    t = await startTestDash(kind);
    admin = await setupAdmin(t.dash.url);
    slug = await createProject(admin, 'Shop');
    const { file } = await downloadDashFile(admin, slug, t.dir);
    const out = path.join(t.dir, 'out');
    const runs = [
      await makeRun(out, { runId: 'run-1-green', env: 'staging' }),
      await makeRun(out, { runId: 'run-2-red', outcomes: [false], env: 'local' }),
      await makeRun(out, { runId: 'run-3-flaky', outcomes: [true, false, true, true], env: 'local', metrics: { attack_success_rate: 0.25, utility_under_attack: 0.75, benign_utility: 1 } }),
      await makeRun(out, { runId: 'run-4-contained', env: 'local', metrics: { attack_success_rate: 0, utility_under_attack: 0.5, benign_utility: 1 } }),
    ];
    for (const run of runs) expect((await pushReport(run.dir, file)).status).toBe(201);
  });

  afterAll(async () => {
    await t.stop();
  });

  it('lists runs newest first and filters by status, environment, pack, case and date', async () => {
    expect(runsListed((await admin.get(`/p/${slug}`)).text)).toEqual(['run-4-contained', 'run-3-flaky', 'run-2-red', 'run-1-green']);
    expect(runsListed((await admin.get(`/p/${slug}?status=failed`)).text)).toEqual(['run-3-flaky', 'run-2-red']);
    expect(runsListed((await admin.get(`/p/${slug}?status=passed`)).text)).toEqual(['run-4-contained', 'run-1-green']);
    expect(runsListed((await admin.get(`/p/${slug}?status=flaky`)).text)).toEqual(['run-3-flaky']);
    expect(runsListed((await admin.get(`/p/${slug}?env=staging`)).text)).toEqual(['run-1-green']);
    expect(runsListed((await admin.get(`/p/${slug}?pack=webdemo&case=web:cart`)).text)).toHaveLength(4);
    expect(runsListed((await admin.get(`/p/${slug}?pack=other`)).text)).toEqual([]);
    expect(runsListed((await admin.get(`/p/${slug}?case=web:nothing`)).text)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(runsListed((await admin.get(`/p/${slug}?from=${today}&to=${today}`)).text)).toHaveLength(4);
    expect(runsListed((await admin.get(`/p/${slug}?to=2000-01-01`)).text)).toEqual([]);
    expect(runsListed((await admin.get(`/p/${slug}?from=not-a-date`)).text)).toHaveLength(4);
  });

  it('flags the flaky case, not the steady one, and draws its history with percentiles', async () => {
    const cases = await admin.get(`/p/${slug}/cases`);
    const cart = /<tr data-case="web:cart">([\s\S]*?)<\/tr>/.exec(cases.text)?.[1] ?? '';
    const health = /<tr data-case="web:health">([\s\S]*?)<\/tr>/.exec(cases.text)?.[1] ?? '';
    expect(cart).toContain('badge flaky');
    expect(health).not.toContain('flaky');
    expect(health).toContain('100%');
    // web:cart: 1 + 0 + 3 + 1 passed of 1 + 1 + 4 + 1 iterations.
    expect(cart).toContain('71%');

    const history = await admin.get(`/p/${slug}/case?id=${encodeURIComponent('web:cart')}`);
    expect(history.status).toBe(200);
    expect(history.text).toContain('id="flaky-badge"');
    expect(history.text).toContain('<b id="overall-pass-rate">71%</b>');
    expect(history.text).toContain('id="pass-rate-chart"');
    expect(history.text).toContain('id="latency-chart"');
    expect((history.text.match(/<circle /g) ?? []).length).toBe(4 + 3 * 4);
    expect([...history.text.matchAll(/<td><a href="\/p\/[^/]+\/runs\/([^"]+)">/g)].map((m) => m[1])).toEqual(['run-4-contained', 'run-3-flaky', 'run-2-red', 'run-1-green']);
    expect((await admin.get(`/p/${slug}/case?id=nope`)).status).toBe(404);
  });

  it('plots the containment figures over time', async () => {
    const page = await admin.get(`/p/${slug}/containment`);
    expect(page.text).toContain('<code>web:cart</code>');
    const rows = [...page.text.matchAll(/<tr><td><a href="[^"]+">([^<]+)<\/a><\/td><td class="num">([^<]+)<\/td><td class="num">([^<]+)<\/td><td class="num">([^<]+)<\/td><\/tr>/g)].map((m) => m.slice(1));
    expect(rows).toEqual([
      ['run-4-contained', '0%', '50%', '100%'],
      ['run-3-flaky', '25%', '75%', '100%'],
    ]);
  });
});
