import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, enqueue, type FleetWorker } from '@warden/fleet';
import { startFakeOpenAI, type FakeOpenAI, type FakeTurn } from '@warden/test-servers';
import { startDash, type RunningDash } from '../src/index.js';
import { STAGED_CLI } from './global-setup.js';
import { chromiumOnPath, tempDir, WebClient } from './helpers.js';

// Issue #41's "done when", end to end in headless Chromium: a real fleet worker (BullMQ on Redis)
// runs jobs against a scripted OpenAI-wire model into a real SQLite session store; the console
// reads that store and the queue. Runs appear live, a parked approval is answered from the console
// and the run resumes on the worker, a refusal shows its rule and provenance, and the spend page
// shows the figures the real `warden report --json` prints.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WARDEN = path.join(STAGED_CLI, 'dist', 'bin.js');
/** Kept by CI (the package's .test-results is gitignored and uploaded). */
const SHOTS = path.resolve(HERE, '../.test-results/screenshots/console');
const REDIS_URL = process.env.WARDEN_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const EMAIL = 'ops@example.test';
const PASSWORD = 'a very long admin password';

/** The model's answer depends on the job's task, so concurrent jobs each follow their own script. */
function turnFor(messages: Array<Record<string, unknown>>): FakeTurn {
  if (messages.at(-1)?.role === 'tool') return { text: 'Done.' };
  const task = String(messages.find((m) => m.role === 'user')?.content ?? '');
  if (task.includes('hook')) return { text: 'Installing the hook.', toolCalls: [{ name: 'write_file', args: { path: '.git/hooks/pre-commit', content: 'exit 0\n' } }] };
  const file = /write (\S+\.txt)/.exec(task)?.[1];
  if (file) return { text: `Writing ${file}.`, toolCalls: [{ name: 'write_file', args: { path: file, content: 'hello\n' } }] };
  return { text: 'Nothing to change.' };
}

let dir: string;
let workdir: string;
let sessions: string;
let model: FakeOpenAI;
let worker: FleetWorker;
let dash: RunningDash;
let browser: Browser;
const fleet = { connection: REDIS_URL, queue: `q${randomUUID().slice(0, 8)}`, prefix: `wdash-${randomUUID().slice(0, 8)}` };

beforeAll(async () => {
  dir = await tempDir('warden-dash-console-');
  workdir = path.join(dir, 'work');
  await mkdir(workdir, { recursive: true });
  await mkdir(SHOTS, { recursive: true });
  sessions = `sqlite:${path.join(dir, 'sessions.db')}`;
  model = await startFakeOpenAI([], turnFor);
  worker = await createWorker({
    ...fleet,
    concurrency: 2,
    harness: {
      sessions,
      workdir,
      configs: { default: { provider: 'openai', baseUrl: model.url, model: 'gpt-4o', mode: 'safe', streaming: false, audit: false } },
      options: { env: { OPENAI_API_KEY: 'sk-test-dash-console-000000000000' } },
    },
  });
  dash = await startDash({ port: 0, dataDir: path.join(dir, 'data'), sessions: [sessions], fleet, liveIntervalMs: 200 });
  browser = await chromium.launch({ executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromiumOnPath(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.close();
  await dash?.close();
  await model?.close();
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${fleet.prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The row of the session whose title (the job's task) contains `text`, on the live Runs list. */
function runRow(page: Page, text: string) {
  return page.locator('#runs tbody tr', { hasText: text });
}

describe('the operations console in headless Chromium', () => {
  it('shows fleet runs live, answers parked approvals so the runs resume, explains a refusal, and matches warden report', async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await page.goto(dash.url);
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await page.fill('input[name=confirm]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/projects');

    // The Runs page, open before any job exists; nothing reloads it after this.
    await page.goto(`${dash.url}/runs`);
    await expect(page.locator('#no-runs').innerText()).resolves.toContain('No runs');
    await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same page'));

    const tasks = { plain: 'Look around the repository.', hook: 'Install the pre-commit hook.', approve: 'Please write notes.txt for the team.', deny: 'Please write secrets.txt now.' };
    await enqueue(
      Object.entries(tasks).map(([id, task]) => ({ id, task })),
      fleet,
    );
    // The fleet's runs appear on the open page, pushed over server-sent events.
    await runRow(page, tasks.plain).locator('.badge.done').waitFor({ timeout: 30_000 });
    await runRow(page, tasks.hook).locator('.badge.done').waitFor({ timeout: 30_000 });
    await runRow(page, tasks.approve).locator('.badge.approval').waitFor({ timeout: 30_000 });
    await runRow(page, tasks.deny).locator('.badge.approval').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: string }).marker)).toBe('same page');
    expect(Number(await page.locator('#live').getAttribute('data-updates'))).toBeGreaterThan(0);
    await shot(page, '01-runs-live');

    // The Runs list filters by stop reason.
    await page.goto(`${dash.url}/runs?status=approval`);
    await expect(page.locator('#runs tbody tr').count()).resolves.toBe(2);

    // The fleet page: two jobs parked on their approvals.
    await page.goto(`${dash.url}/fleet`);
    await page.locator('#job-states [data-state="parked"] b', { hasText: '2' }).waitFor({ timeout: 20_000 });
    await shot(page, '02-fleet-parked');

    // The approval queue: approve one with a note, deny the other; each parked job resumes on the worker.
    await page.goto(`${dash.url}/approvals`);
    await expect(page.locator('#approvals tbody tr').count()).resolves.toBe(2);
    await shot(page, '03-approvals');
    const approveRow = page.locator('#approvals tbody tr', { hasText: 'notes.txt' });
    await approveRow.locator('input[name=note]').fill('fine for the team wiki');
    await approveRow.locator('button[value=approved]').click();
    await expect(page.locator('#answered').innerText()).resolves.toMatch(/Approved write_file\. The fleet job resumes as approve\.resume-/);
    const denyRow = page.locator('#approvals tbody tr', { hasText: 'secrets.txt' });
    await denyRow.locator('input[name=note]').fill('no secrets in the repository');
    await denyRow.locator('button[value=denied]').click();
    await expect(page.locator('#answered').innerText()).resolves.toContain('Denied write_file');
    await expect(page.locator('#no-approvals').count()).resolves.toBe(1);

    // The approved run's page: it resumes on the worker while the page is open, and the file is written.
    await page.goto(`${dash.url}/runs`);
    await runRow(page, tasks.approve).locator('a').click();
    const approvedCall = page.locator('.call[data-rule="mode.safe"]');
    await approvedCall.locator('.approval .badge.approved').waitFor({ timeout: 30_000 });
    await page.locator('.run-end[data-stop="done"]').waitFor({ timeout: 30_000 });
    await expect(approvedCall.locator('.approval').innerText()).resolves.toContain(`by ${EMAIL} — “fine for the team wiki”`);
    expect(existsSync(path.join(workdir, 'notes.txt'))).toBe(true);
    // Spend per step: each step's model call, across the parked run and its resumption on the worker.
    const stepSpend = await page.locator('.step-spend').allInnerTexts();
    expect(stepSpend.length).toBe(await page.locator('.step').count());
    for (const line of stepSpend) expect(line).toMatch(/1 call · \d+ in \/ \d+ out tokens · \$/);
    await shot(page, '04-run-approved');

    // The denied run: a refusal by a person, with the gate's rule and the call's provenance.
    await page.goto(`${dash.url}/runs`);
    await runRow(page, tasks.deny).locator('a').click();
    const refused = page.locator('.call[data-rule="mode.safe"]');
    await refused.locator('.approval .badge.denied').waitFor({ timeout: 30_000 });
    await expect(refused.locator('.rule').innerText()).resolves.toContain('mode.safe — safe mode: write_file can change things, so it needs approval');
    await expect(refused.locator('.provenance').innerText()).resolves.toContain('effect class ordinary paths secrets.txt');
    expect(existsSync(path.join(workdir, 'secrets.txt'))).toBe(false);
    await shot(page, '05-run-denied');

    // The gate's own refusal (a protected path): rule and reason, no approval asked.
    await page.goto(`${dash.url}/runs`);
    await runRow(page, tasks.hook).locator('a').click();
    const gateRefusal = page.locator('.call.deny[data-rule="path.protected"]');
    await expect(gateRefusal.locator('.rule').innerText()).resolves.toContain('path.protected — write_file: path names a protected path (.git/hooks/pre-commit)');
    await expect(gateRefusal.locator('.provenance').innerText()).resolves.toContain('none recorded');
    await shot(page, '06-run-refused');

    // Spend: the figures `warden report --json` prints for the same store.
    const cli = spawnSync(process.execPath, [WARDEN, 'report', '--sessions', sessions, '--json'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    expect(cli.status, cli.stderr).toBe(0);
    const report = JSON.parse(cli.stdout) as { totals: { runs: number; calls: number; usage: { inputTokens: number; outputTokens: number }; costUsd: number }; by: Record<string, Array<{ key: string; runs: number; calls: number; usage: { inputTokens: number; outputTokens: number } }>> };
    expect(report.totals.runs).toBe(6);
    expect(report.totals.costUsd).toBeGreaterThan(0);
    await page.goto(`${dash.url}/spend`);
    const totals = page.locator('#spend-totals');
    const attr = async (name: string): Promise<number> => Number(await totals.getAttribute(`data-${name}`));
    expect({ runs: await attr('runs'), calls: await attr('calls'), input: await attr('input'), output: await attr('output'), cost: await attr('cost') }).toEqual({
      runs: report.totals.runs,
      calls: report.totals.calls,
      input: report.totals.usage.inputTokens,
      output: report.totals.usage.outputTokens,
      cost: expect.closeTo(report.totals.costUsd, 12),
    });
    for (const dimension of ['agent', 'model', 'owner'] as const) {
      const rows = await page.locator(`#spend-${dimension} tbody tr`).evaluateAll((trs) => trs.map((tr) => ({ key: tr.getAttribute('data-key'), runs: Number(tr.getAttribute('data-runs')), calls: Number(tr.getAttribute('data-calls')), input: Number(tr.getAttribute('data-input')) })));
      expect(rows).toEqual(report.by[dimension]!.map((r) => ({ key: r.key, runs: r.runs, calls: r.calls, input: r.usage.inputTokens })));
      // The chart draws one bar per row, with the row's value.
      await expect(page.locator(`#chart-${dimension} g[data-key]`).count()).resolves.toBe(rows.length);
    }
    const dayRows = await page.locator('#spend-day tbody tr').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-runs'))));
    expect(dayRows.reduce((a, b) => a + b, 0)).toBe(report.totals.runs);
    await shot(page, '07-spend');

    expect(cspViolations).toEqual([]);
    await context.close();
  }, 300_000);

  it('guards the state-changing routes: roles, CSRF and cross-origin requests', async () => {
    const admin = new WebClient(dash.url);
    expect((await admin.submit('/sign-in', '/sign-in', { email: EMAIL, password: PASSWORD })).status).toBe(303);
    expect((await admin.submit('/users', '/users', { email: 'viewer@example.test', password: 'a viewer password', role: 'viewer' })).status).toBe(200);
    const viewer = new WebClient(dash.url);
    expect((await viewer.submit('/sign-in', '/sign-in', { email: 'viewer@example.test', password: 'a viewer password' })).status).toBe(303);

    // A failed job (a configuration the worker does not know), with its code on the fleet page.
    await enqueue([{ id: 'broken', task: 'anything', config: 'missing' }], fleet);
    let fleetPage = '';
    for (let i = 0; i < 200 && !fleetPage.includes('fleet.unknown_config'); i += 1) {
      fleetPage = (await admin.get('/fleet')).text;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(fleetPage).toContain('<code class="failure">fleet.unknown_config</code>');

    // A viewer reads the console but answers nothing and retries nothing.
    expect((await viewer.get('/runs')).status).toBe(200);
    const viewerCsrf = /name="_csrf" value="([^"]+)"/.exec((await viewer.get('/runs')).text)![1]!;
    expect((await viewer.request('/approvals/apr_x', { method: 'POST', form: { _csrf: viewerCsrf, outcome: 'approved' } })).status).toBe(403);
    expect((await viewer.request('/fleet/broken/retry', { method: 'POST', form: { _csrf: viewerCsrf } })).status).toBe(403);
    // An administrator without the CSRF value, or from another origin, is refused too.
    expect((await admin.request('/fleet/broken/retry', { method: 'POST', form: { _csrf: 'forged' } })).status).toBe(403);
    expect((await admin.submit('/fleet', '/fleet/broken/retry', {}, { origin: 'https://evil.example' })).status).toBe(403);
    // Signed out: to the sign-in page.
    expect((await new WebClient(dash.url).request('/approvals/apr_x', { method: 'POST', form: { outcome: 'approved' } })).status).toBe(303);

    // The guarded retry, with the session, the CSRF value and our origin: queued again (and it fails again, once more).
    const retried = await admin.submit('/fleet', '/fleet/broken/retry', {});
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain('id="retried"');
  }, 120_000);
});
