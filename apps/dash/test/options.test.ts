import { describe, expect, it } from 'vitest';
import * as dash from '../src/index.js';
import { DASH_ERROR_CODES, DashError, parseDashOptions, parseServeArgv, serveOptionsFrom, startDash } from '../src/index.js';
import { createSignInLimiter } from '../src/auth/sign-in-limiter.js';
import { hashPassword, verifyPassword } from '../src/auth/password.js';
import { percentile } from '../src/ingest/index-report.js';
import { html, raw } from '../src/web/html.js';
import { loadDriver } from '../src/db/driver-loader.js';

describe('public surface', () => {
  it('pins the exported names', () => {
    expect(Object.keys(dash).sort()).toEqual(['DASH_ERROR_CODES', 'DashError', 'DashOptions', 'SERVE_USAGE', 'createConsoleSources', 'createDashApp', 'openDatabase', 'parseDashOptions', 'parseServeArgv', 'serveOptionsFrom', 'startDash']);
  });

  it('pins the package.json exports and bin', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown>; bin: Record<string, string> };
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json']);
    expect(pkg.bin).toEqual({ 'warden-dash': './dist/bin.js' });
  });

  it('pins the error codes', () => {
    expect(Object.keys(DASH_ERROR_CODES)).toEqual([
      'dash.invalid_options',
      'dash.insecure_public_url',
      'dash.driver_missing',
      'dash.database_failed',
      'dash.bad_token',
      'dash.wrong_project',
      'dash.unsupported_media_type',
      'dash.too_large',
      'dash.malformed_json',
      'dash.invalid_report',
      'dash.run_id_mismatch',
      'dash.run_conflict',
      'dash.not_found',
    ]);
  });
});

describe('options', () => {
  it('are strict and name the bad key', () => {
    expect(() => parseDashOptions({ prot: 1 })).toThrow(/Unknown dashboard option: prot/);
    expect(() => parseDashOptions({ port: 70000 })).toThrow(/"port"/);
    expect(() => parseDashOptions({ databaseUrl: 'mysql://x' })).toThrow(/"databaseUrl"/);
    expect(parseDashOptions({})).toMatchObject({ host: '127.0.0.1', port: 8787, dataDir: '.warden/dash', maxReportBytes: 16 * 1024 * 1024 });
  });

  it('refuse a plain-http public URL or bind address off loopback unless explicitly allowed', async () => {
    for (const input of [{ publicUrl: 'http://dash.example.com' }, { host: '0.0.0.0' }]) {
      const error = await startDash({ port: 0, ...input }).catch((e: unknown) => e);
      expect(DashError.isInstance(error) && error.code).toBe('dash.insecure_public_url');
    }
  });

  it('read flags and the environment', () => {
    const { flags, help } = parseServeArgv(['serve', '--port', '9000', '--public-url', 'https://dash.example', '--max-report-mb', '2']);
    expect(help).toBe(false);
    expect(serveOptionsFrom(flags, { WARDEN_DASH_DATABASE_URL: 'postgres://db/x' })).toEqual({ port: 9000, publicUrl: 'https://dash.example', maxReportBytes: 2 * 1024 * 1024, databaseUrl: 'postgres://db/x' });
    expect(() => parseServeArgv(['serve', '--prot', '1'])).toThrow(DashError);
  });

  it('read the console stores and the fleet queue from flags (repeatable --sessions) or the environment', () => {
    const { flags } = parseServeArgv(['serve', '--sessions', 'sqlite:a.db', '--sessions', 'redis://r:6379', '--approvals', 'sqlite:b.db', '--fleet-queue', 'redis://q:6379', '--fleet-name', 'jobs', '--fleet-prefix', 'pre']);
    expect(serveOptionsFrom(flags, {})).toEqual({ sessions: ['sqlite:a.db', 'redis://r:6379'], approvals: 'sqlite:b.db', fleet: { connection: 'redis://q:6379', queue: 'jobs', prefix: 'pre' } });
    expect(serveOptionsFrom({}, { WARDEN_DASH_SESSIONS: ' .warden/sessions  postgres://db/w ', WARDEN_DASH_FLEET_QUEUE: 'redis://q:6379' })).toEqual({ sessions: ['.warden/sessions', 'postgres://db/w'], fleet: { connection: 'redis://q:6379' } });
    expect(() => parseDashOptions({ fleet: { connection: 'http://not-redis' } })).toThrow(DashError);
    expect(parseDashOptions({}).sessions).toEqual([]);
  });
});

describe('building blocks', () => {
  it('escapes every interpolated value but keeps nested html', () => {
    const name = '<b onclick="x">&\'`';
    expect(html`<p title="${name}">${name}${html`<i>${name}</i>`}${[name, html`<br>`]}</p>`.value).toBe(
      '<p title="&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;&#96;">&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;&#96;<i>&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;&#96;</i>&lt;b onclick=&quot;x&quot;&gt;&amp;&#39;&#96;<br></p>',
    );
    expect(html`${raw('<svg></svg>')}`.value).toBe('<svg></svg>');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('a long enough password');
    await expect(verifyPassword('a long enough password', stored)).resolves.toBe(true);
    await expect(verifyPassword('a long enough passwore', stored)).resolves.toBe(false);
    await expect(verifyPassword('a long enough password', 'plain')).resolves.toBe(false);
  });

  it('the limiter forgets failures after its window', () => {
    const limiter = createSignInLimiter({ attempts: 2, windowMs: 1000 });
    limiter.recordFailure('a@x', '1.2.3.4', 0);
    limiter.recordFailure('a@x', '1.2.3.4', 10);
    expect(limiter.blockedFor('a@x', '1.2.3.4', 20)).toBe(1);
    expect(limiter.blockedFor('b@x', '1.2.3.4', 20)).toBe(0);
    expect(limiter.blockedFor('a@x', '1.2.3.4', 1011)).toBe(0);
  });

  it('nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5], 99)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  });
});

describe('database drivers', () => {
  it('a missing driver names the exact install command; a broken one says rebuild; an installed one loads', async () => {
    const notFound = Object.assign(new Error("Cannot find package 'pg' imported from /app/dist/index.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    const missing = await loadDriver('pg', () => Promise.reject(notFound)).catch((e: unknown) => e);
    expect(DashError.isInstance(missing) && [missing.code, missing.hint]).toEqual(['dash.driver_missing', 'npm install pg@8.23.1']);
    const broken = await loadDriver('better-sqlite3', () => Promise.reject(new Error('NODE_MODULE_VERSION 115 vs 127'))).catch((e: unknown) => e);
    expect(DashError.isInstance(broken) && broken.hint).toBe('Reinstall it for this Node version: npm rebuild better-sqlite3');
    const pg = await loadDriver<{ Pool: unknown }>('pg');
    expect(typeof pg.Pool).toBe('function');
  });
});
