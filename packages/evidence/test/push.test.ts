import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks } from '../src/index.js';
import { pushReport } from '../src/report.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const TOKEN = 'dash-token-5f0c1e';
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function dashboard(status = 201): Promise<{ url: string; received: Array<{ headers: IncomingMessage['headers']; body: string }> }> {
  const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'run-42', echo: status >= 400 ? req.headers.authorization : undefined }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/runs`, received };
}

async function writtenRun(message = 'all good'): Promise<string> {
  const pack = definePack({ name: 'p', cases: [defineCase({ id: 'p:a', title: 'a' }, (ctx) => void ctx.check(true, message))] });
  return (await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity })).dir;
}

async function dashFile(content: unknown): Promise<string> {
  const file = path.join(await tempDir(), 'dash.json');
  await writeFile(file, JSON.stringify(content));
  return file;
}

describe('pushReport', () => {
  it('posts report.json with the token only in the Authorization header', async () => {
    const dash = await dashboard();
    const dir = await writtenRun();
    const result = await pushReport(dir, await dashFile({ url: dash.url, token: TOKEN }));
    expect(result).toMatchObject({ status: 201, response: { id: 'run-42' } });
    const [req] = dash.received;
    expect(req!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req!.headers['x-warden-run-id']).toBe(result.runId);
    expect(req!.body).not.toContain(TOKEN);
    expect(JSON.parse(req!.body)).toMatchObject({ schemaVersion: 1, runId: result.runId });
  });

  it('reads the token from token_env', async () => {
    const dash = await dashboard();
    await pushReport(await writtenRun(), await dashFile({ url: dash.url, token_env: 'DASH_TOKEN' }), { env: { DASH_TOKEN: TOKEN } });
    expect(dash.received[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    await expect(pushReport(await writtenRun(), await dashFile({ url: dash.url, token_env: 'DASH_TOKEN' }), { env: {} })).rejects.toMatchObject({ code: 'evidence.invalid_dash_file' });
  });

  it('fails with a typed error that never holds the token', async () => {
    const dash = await dashboard(401);
    const dir = await writtenRun();
    const file = await dashFile({ url: dash.url, token: TOKEN });
    const error = await pushReport(dir, file).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'evidence.push_failed', message: 'The dashboard answered HTTP 401.' });
    const closed = await dashboard();
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const unreachable = await pushReport(dir, await dashFile({ url: closed.url, token: TOKEN })).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ code: 'evidence.push_failed' });
    expect(String((unreachable as Error).message)).not.toContain(TOKEN);
  });

  it('refuses plain http to a non-loopback host, a report holding the token, and invalid dash files', async () => {
    const dir = await writtenRun();
    await expect(pushReport(dir, await dashFile({ url: 'http://dash.example.invalid/runs', token: TOKEN }))).rejects.toMatchObject({ code: 'evidence.push_failed' });
    const leaky = await writtenRun(`oops ${TOKEN}`);
    const dash = await dashboard();
    await expect(pushReport(leaky, await dashFile({ url: dash.url, token: TOKEN }))).rejects.toMatchObject({ code: 'evidence.push_failed', message: 'The report contains the dashboard token; refusing to send it.' });
    expect(dash.received).toHaveLength(0);
    for (const bad of [{ url: dash.url }, { url: dash.url, token: TOKEN, token_env: 'X' }, { url: 'not a url', token: TOKEN }, { url: dash.url, token: TOKEN, extra: true }]) {
      const error = await pushReport(dir, await dashFile(bad)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'evidence.invalid_dash_file' });
      expect(String((error as Error).message)).not.toContain(TOKEN);
    }
    await expect(pushReport(path.join(dir, 'missing'), await dashFile({ url: dash.url, token: TOKEN }))).rejects.toMatchObject({ code: 'evidence.push_failed' });
  });
});
