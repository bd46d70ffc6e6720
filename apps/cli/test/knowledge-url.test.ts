import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const workdir = mkdtempSync(path.join(tmpdir(), 'warden-cli-knowledge-url-'));
let server: Server;
let host: string;
const PAGE = '<!doctype html><html><head><title>Expenses policy</title><script>steal()</script></head><body><article><h1>Expenses</h1><p>Receipts are filed within thirty days of purchase.</p><p>Travel is booked through the portal.</p></article></body></html>';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/old') {
      res.writeHead(302, { location: '/policy' });
      return res.end();
    }
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('x'.repeat(6 * 1024 * 1024));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(workdir, { recursive: true, force: true });
});

describe('warden knowledge add URL (through the governed fetch)', () => {
  it('fetches the page, follows the redirect, reads the HTML as text and finds it; the passages are marked untrusted', async () => {
    const added = await runCli(['knowledge', 'add', `http://${host}/old`, '--allow-host', host, '--json'], { cwd: workdir });
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout.trim())).toMatchObject({ documentId: `http://${host}/old`, embedded: true });
    const found = await runCli(['knowledge', 'search', 'when are receipts filed', '--k', '1', '--json'], { cwd: workdir });
    const hit = JSON.parse(found.stdout.trim().split('\n')[0]!) as { source: string; text: string; metadata: Record<string, unknown> };
    expect(hit.source).toBe(`http://${host}/policy`);
    expect(hit.text).toContain('thirty days');
    expect(hit.text).not.toContain('steal()');
    expect(hit.metadata).toMatchObject({ untrusted: true, fetchedFrom: `http://${host}/policy` });
  }, 90_000);

  it('the egress policy refuses a loopback host that was not allowed, and the size limit holds', async () => {
    const refused = await runCli(['knowledge', 'add', `http://${host}/policy`], { cwd: workdir });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/loopback|private|refused|not allowed/i);
    const huge = await runCli(['knowledge', 'add', `http://${host}/huge`, '--allow-host', host], { cwd: workdir });
    expect(huge.code).not.toBe(0);
    expect(huge.stderr).toMatch(/larger|limit|too large/i);
  }, 90_000);
});
