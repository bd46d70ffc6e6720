import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defineCase, definePack, runChecks, type RunChecksResult } from '@warden/evidence';
import { startDash, type DashOptionsInput, type RunningDash } from '../src/index.js';

export const PG_URL = process.env.WARDEN_TEST_PG_URL ?? process.env.WARDEN_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export type StoreKind = 'sqlite' | 'postgres';
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

export async function tempDir(prefix = 'warden-dash-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export interface TestDash {
  dash: RunningDash;
  dir: string;
  /** The PostgreSQL schema the dashboard's tables are in (unused for SQLite). */
  schema: string;
  stop(): Promise<void>;
}

/** A real dashboard on an ephemeral port: SQLite in a temp dir, or PostgreSQL in a schema of its own (dropped after). */
export async function startTestDash(kind: StoreKind, extra: DashOptionsInput = {}): Promise<TestDash> {
  const dir = await tempDir();
  const schema = `dash_test_${randomBytes(6).toString('hex')}`;
  const dash = await startDash({ port: 0, dataDir: path.join(dir, 'data'), ...(kind === 'postgres' ? { databaseUrl: PG_URL, pgSchema: schema } : {}), ...extra });
  return {
    dash,
    dir,
    schema,
    async stop() {
      await dash.close();
      if (kind === 'postgres') {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies, never follows redirects, reads CSRF fields from forms. */
export class WebClient {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(readonly base: string) {}

  async request(pathname: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(pathname, this.base), { ...init, headers, body: body ?? null, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async get(pathname: string): Promise<{ status: number; text: string; response: Response }> {
    const response = await this.request(pathname);
    return { status: response.status, text: await response.text(), response };
  }

  /** GETs the page holding the form, then posts it with the page's CSRF value. */
  async submit(pagePath: string, action: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const page = await this.get(pagePath);
    const csrf = csrfOf(page.text);
    return this.request(action, { method: 'POST', form: { _csrf: csrf, ...fields }, headers });
  }
}

export function csrfOf(pageHtml: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(pageHtml);
  if (!match?.[1]) throw new Error('no CSRF field on the page');
  return match[1];
}

export const ADMIN = { email: 'admin@example.test', password: 'correct horse battery' };

/** First-run setup through the real forms; returns a signed-in admin client. */
export async function setupAdmin(base: string): Promise<WebClient> {
  const client = new WebClient(base);
  const response = await client.submit('/setup', '/setup', { email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password });
  if (response.status !== 303) throw new Error(`setup answered ${response.status}`);
  return client;
}

export async function createProject(client: WebClient, name: string): Promise<string> {
  const response = await client.submit('/projects', '/projects', { name });
  const location = response.headers.get('location') ?? '';
  const slug = /^\/p\/([^/]+)\/cli$/.exec(location)?.[1];
  if (!slug) throw new Error(`project creation answered ${response.status} ${location}`);
  return slug;
}

/** Downloads a connection file from the /cli page (the way a person does) and writes it to disk. */
export async function downloadDashFile(client: WebClient, slug: string, dir: string): Promise<{ file: string; json: { url: string; token: string } }> {
  const response = await client.submit(`/p/${slug}/cli`, `/p/${slug}/cli`, { name: 'test' });
  if (response.status !== 200) throw new Error(`connection file answered ${response.status}`);
  const text = await response.text();
  const file = path.join(dir, `dash-${slug}.json`);
  await writeFile(file, text, { mode: 0o600 });
  return { file, json: JSON.parse(text) };
}

export const identity = (text: string): string => text;

/**
 * A real report from the real runner. `outcomes` is the pass/fail of each repeat of
 * `web:cart`, so a run can be steady, failing or flaky; `extra` adds cases.
 */
export async function makeRun(outDir: string, options: { runId: string; outcomes?: boolean[]; title?: string; env?: string; metrics?: Record<string, number>; delayMs?: number }): Promise<RunChecksResult> {
  const outcomes = options.outcomes ?? [true];
  let call = 0;
  const pack = definePack({
    name: 'webdemo',
    environments: { [options.env ?? 'local']: {} },
    cases: [
      defineCase({ id: 'web:health', title: 'Health endpoint answers', tags: ['smoke'] }, (ctx) => {
        ctx.step('GET /health');
        ctx.check(true, 'status is 200');
      }),
      defineCase({ id: 'web:cart', title: options.title ?? 'Cart total is right', tags: ['e2e'] }, async (ctx) => {
        const pass = outcomes[call % outcomes.length] ?? true;
        call += 1;
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        for (const [name, value] of Object.entries(options.metrics ?? {})) ctx.metric(name, value, 'ratio');
        ctx.operation('GET /cart', { kind: 'http', operation: 'GET /cart', expected: { total: 30 }, actual: { total: pass ? 30 : 45 } });
        ctx.check(pass, 'cart total is 30 EUR');
      }),
    ],
  });
  return runChecks({ packs: [pack], outDir, runId: options.runId, env: options.env ?? 'local', schedule: { mode: 'once', repeat: outcomes.length }, redact: identity });
}

/** Debian's chromium from PATH: the test never downloads a browser. */
export function chromiumOnPath(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  throw new Error('chromium is not on PATH: apt-get install chromium (.ci/run does)');
}
