import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks } from '../src/index.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.test-results');
let browser: Browser;

/** Debian's chromium (or chromium-browser) from PATH: the test never downloads a browser. */
function chromiumOnPath(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not in this directory
      }
    }
  }
  throw new Error('chromium is not on PATH: apt-get install chromium (.ci/run does)');
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumOnPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('report.html in headless Chromium', () => {
  it('renders the summary and a failing case with expected vs actual, filters, and makes no network request', async () => {
    const pack = definePack({
      name: 'webdemo',
      cases: [
        defineCase({ id: 'web:health', title: 'Health endpoint answers', tags: ['smoke'] }, (ctx) => {
          ctx.step('GET /health');
          ctx.check(true, 'status is 200');
        }),
        defineCase({ id: 'web:cart', title: 'Cart total is right', tags: ['e2e'] }, (ctx) => {
          ctx.step('add two items');
          ctx.operation('GET /cart', { kind: 'http', operation: 'GET /cart', expected: { items: 2, total: 30, currency: 'EUR' }, actual: { items: 2, total: 45, currency: 'EUR' }, durationMs: 12 });
          ctx.check(false, 'cart total is 30 EUR');
        }),
      ],
    });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(result.files.html).href);

    await expect(page.locator('#verdict').textContent()).resolves.toBe('FAILED');
    expect(await page.locator('#summary .counts').innerText()).toMatch(/2\s*cases[\s\S]*1\s*passed[\s\S]*1\s*failed/);
    const failing = page.locator('article[data-status="failed"]');
    await expect(failing.locator('summary').innerText()).resolves.toContain('web:cart');
    expect(await failing.locator('pre.expected').innerText()).toContain('"total": 30');
    expect(await failing.locator('pre.actual').innerText()).toContain('"total": 45');
    await expect(failing.locator('pre.actual .ins').innerText()).resolves.toContain('"total": 45');
    await expect(failing.locator('li.check-fail').innerText()).resolves.toContain('cart total is 30 EUR');

    await page.locator('#failed-only').check();
    await expect(page.locator('article[data-status="passed"]').isHidden()).resolves.toBe(true);
    await expect(page.locator('#shown-count').textContent()).resolves.toBe('1');
    await page.locator('#failed-only').uncheck();
    await page.locator('#tag-filter').selectOption('smoke');
    await expect(failing.isHidden()).resolves.toBe(true);
    await page.locator('#tag-filter').selectOption('');

    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS, 'report-html.png'), fullPage: true });
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    expect(requests).toHaveLength(1);
    await page.close();
  });
});
