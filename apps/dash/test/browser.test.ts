import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGED_CLI } from './global-setup.js';
import { chromiumOnPath, tempDir } from './helpers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// The real CLI binary (apps/cli/dist/bin.js), staged by global-setup.ts so a parallel CLI rebuild cannot remove it mid-test.
const WARDEN = path.join(STAGED_CLI, 'dist', 'bin.js');
const EVIDENCE = pathToFileURL(path.resolve(HERE, '../../../packages/evidence/dist/index.js')).href;
const SHOTS = path.resolve(HERE, '../.test-results/screenshots');
const EMAIL = 'ops@example.test';
const PASSWORD = 'a very long admin password';


/** `warden …` (the real CLI binary); returns its stdout lines parsed as JSON where they are. */
function warden(args: string[], cwd: string): { status: number | null; lines: Array<Record<string, unknown>>; stderr: string } {
  const result = spawnSync(process.execPath, [WARDEN, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' } });
  const lines = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: result.status, lines, stderr: result.stderr };
}

/** A pack whose `web:cart` passes on the 1st call, then alternates fail/pass: run 2 (4 repeats) is flaky. */
function packSource(counter: string): string {
  return `import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { defineCase, definePack } from ${JSON.stringify(EVIDENCE)};
const counter = ${JSON.stringify(counter)};
export default definePack({
  name: 'webdemo',
  cases: [
    defineCase({ id: 'web:health', title: 'Health endpoint answers', tags: ['smoke'] }, (ctx) => {
      ctx.step('GET /health');
      ctx.check(true, 'status is 200');
    }),
    defineCase({ id: 'web:cart', title: 'Cart total <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">', tags: ['e2e'] }, async (ctx) => {
      const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
      writeFileSync(counter, String(n + 1));
      const pass = n === 0 || n % 2 === 0;
      await new Promise((resolve) => setTimeout(resolve, 5 + n * 3));
      ctx.operation('GET /cart', { kind: 'http', operation: 'GET /cart', expected: { total: 30 }, actual: { total: pass ? 30 : 45 } });
      ctx.check(pass, 'cart total is 30 EUR');
    }),
  ],
});
`;
}

let browser: Browser;
let server: ChildProcess;
let base = '';
let dir = '';

beforeAll(async () => {
  dir = await tempDir('warden-dash-browser-');
  await mkdir(SHOTS, { recursive: true });
  // The dashboard as a user starts it: `warden dash serve`, SQLite in a data directory.
  server = spawn(process.execPath, [WARDEN, 'dash', 'serve', '--port', '0', '--data', path.join(dir, 'data'), '--json'], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    server.once('exit', (code) => reject(new Error(`warden dash serve exited with ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: chromiumOnPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  }
});

/** Clicks and waits for the navigation to land on `pathname` (with the page text in the failure message). */
async function clickTo(page: Page, selector: string, pathname: string): Promise<void> {
  await page.click(selector);
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 10_000 });
  } catch {
    throw new Error(`expected ${pathname}, at ${page.url()}: ${(await page.content()).slice(0, 500)}`);
  }
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

describe('Warden Dash in headless Chromium', () => {
  it('set up, sign in, create a token, download the connection file, push two runs with the CLI, read them and a flaky case’s history', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    page.on('dialog', (dialog) => {
      blocked.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });

    // First run: the dashboard sends the visitor to setup.
    await page.goto(base);
    expect(new URL(page.url()).pathname).toBe('/setup');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await page.fill('input[name=confirm]', PASSWORD);
    await shot(page, '01-setup');
    await clickTo(page, 'button[type=submit]', '/projects');

    // Sign out and back in through the sign-in form.
    await clickTo(page, '#sign-out', '/sign-in');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', 'not the password');
    await page.click('button[type=submit]');
    await expect(page.locator('.flash.error').innerText()).resolves.toContain('Wrong email or password');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await clickTo(page, 'button[type=submit]', '/projects');
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === '__Host-warden_dash');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });

    // A project, and a named token shown once.
    await page.fill('input[name=name]', 'Shop');
    await clickTo(page, 'form[action="/projects"] button', '/p/shop/cli');
    await clickTo(page, 'a[href="/p/shop/settings"]', '/p/shop/settings');
    await page.fill('input[name=name]', 'ci on main');
    await page.click('#create-token');
    await expect(page.locator('#new-token').innerText()).resolves.toMatch(/^wdash_/);
    await shot(page, '02-token');

    // The connection file, downloaded from /cli.
    await page.goto(`${base}/p/shop/cli`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-connection')]);
    const dashFile = path.join(dir, 'warden-dash.json');
    await download.saveAs(dashFile);
    const connection = JSON.parse(await readFile(dashFile, 'utf8')) as Record<string, string>;
    expect(Object.keys(connection).sort()).toEqual(['token', 'url']);
    expect(connection.url).toBe(`${base}/api/projects/shop/runs`);

    // Two runs with the real CLI: one green, one where web:cart is flaky; both pushed with the downloaded file.
    const packFile = path.join(dir, 'webdemo-pack.mjs');
    await writeFile(packFile, packSource(path.join(dir, 'counter')));
    const runDirs: string[] = [];
    for (const extra of [[], ['--repeat', '4']]) {
      const check = warden(['check', 'pack:webdemo', '--pack', packFile, '--out', path.join(dir, 'out'), '--json', ...extra], dir);
      const report = check.lines.find((line) => line.type === 'report');
      expect(report, check.stderr).toBeDefined();
      runDirs.push(String(report!.dir));
      const push = warden(['evidence', 'push', String(report!.dir), '--dash', dashFile, '--json'], dir);
      expect(push.stderr).toBe('');
      expect(push.status).toBe(0);
      expect(push.lines[0]).toMatchObject({ type: 'pushed', status: 201 });
    }

    // Both runs listed, newest first.
    await page.goto(`${base}/p/shop`);
    const rows = page.locator('#runs tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    const runIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-run')));
    expect(runIds).toEqual([path.basename(runDirs[1]!), path.basename(runDirs[0]!)]);
    await expect(rows.nth(0).locator('.badge').innerText()).resolves.toBe('failed');
    await expect(rows.nth(1).locator('.badge').innerText()).resolves.toBe('passed');
    await shot(page, '03-runs');
    await page.selectOption('select[name=status]', 'flaky');
    await page.click('#filters button[type=submit]');
    await expect(page.locator('#runs tbody tr').count()).resolves.toBe(1);

    // The flaky run's report: the evidence renderer inside the sandboxed frame, its own script working, pushed markup inert.
    await page.goto(`${base}/p/shop/runs/${path.basename(runDirs[1]!)}`);
    const frame = page.frameLocator('#report');
    await expect(frame.locator('#verdict').innerText()).resolves.toBe('FAILED');
    await expect(frame.locator('article[data-status="passed"]').count()).resolves.toBeGreaterThan(0);
    await frame.locator('#failed-only').check();
    await expect(frame.locator('article[data-status="passed"]').first().isHidden()).resolves.toBe(true);
    await frame.locator('#failed-only').uncheck();
    await expect(frame.locator('body').innerText()).resolves.toContain('<script>window.__pwned = 1</script>');
    await shot(page, '04-report');
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(await child!.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    // The sandbox gives the report an opaque origin: no cookies, no reach into the dashboard.
    expect(await child!.evaluate(() => (globalThis as unknown as { origin: string }).origin)).toBe('null');

    // The flaky case's history.
    await page.click('nav.tabs a[href="/p/shop/cases"]');
    const cart = page.locator('#cases tr[data-case="web:cart"]');
    await expect(cart.locator('.badge.flaky').count()).resolves.toBe(1);
    await expect(page.locator('#cases tr[data-case="web:health"] .badge.flaky').count()).resolves.toBe(0);
    await shot(page, '05-cases');
    await cart.locator('a').first().click();
    await expect(page.locator('#flaky-badge').innerText()).resolves.toBe('flaky');
    await expect(page.locator('#case-history tbody tr').count()).resolves.toBe(2);
    await expect(page.locator('#pass-rate-chart circle').count()).resolves.toBe(2);
    await expect(page.locator('#overall-pass-rate').innerText()).resolves.toBe('60%');
    await shot(page, '06-case-history');

    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(blocked.filter((b) => b.startsWith('dialog'))).toEqual([]);
    await context.close();
  }, 180_000);
});
