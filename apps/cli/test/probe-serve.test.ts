import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from './helpers/run-cli.js';
import { ndjsonLines, startHttpAgent, startMcpAgent, type AgentServer } from './helpers/probe-agents.js';
import { tempWorkspace } from './helpers/workspace.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const PACK = path.join(FIXTURES, 'probe-pack.mjs');
const TOKEN = 'test-token-0123456789abcdef';

interface ServeProcess {
  url: string;
  out: string;
  child: ChildProcess;
  exited: Promise<CliResult>;
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function agent(started: Promise<AgentServer>): Promise<AgentServer> {
  return started.then((server) => {
    cleanups.push(() => server.close());
    return server;
  });
}

/** Spawns the built `warden probe serve --json` and waits for its listening line. */
function serveProcess(args: string[], env: Record<string, string> = { WARDEN_PROBE_TOKEN: TOKEN }, allow: readonly string[] = ['--allow-target', '127.0.0.1']): Promise<ServeProcess> {
  const cwd = tempWorkspace('warden-probe-serve-');
  return new Promise((resolve, reject) => {
    let child: ChildProcess | undefined;
    // The test agents listen on loopback, which a probe server refuses unless allowed.
    const exited = runCli(['probe', 'serve', '--json', '--out', 'runs', ...allow, ...args], {
      cwd,
      env,
      onSpawn(spawned) {
        child = spawned;
        let buffered = '';
        spawned.stdout!.on('data', (chunk: Buffer | string) => {
          buffered += chunk.toString();
          const newline = buffered.indexOf('\n');
          if (newline < 0) return;
          const line = JSON.parse(buffered.slice(0, newline)) as { type: string; url: string; out: string };
          if (line.type === 'probe_serve_listening') resolve({ url: line.url, out: line.out, child: spawned, exited });
        });
      },
    });
    void exited.then((result) => reject(new Error(`warden probe serve exited early (${result.code}): ${result.stderr}`)));
    cleanups.push(async () => {
      if (child && child.exitCode === null) child.kill('SIGINT');
      await exited;
    });
  });
}

/** POST /runs; `token: null` sends no Authorization header. */
function post(url: string, body: unknown, token: string | null = TOKEN, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}/runs`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) }, body: typeof body === 'string' || body instanceof ReadableStream ? body : JSON.stringify(body), ...init });
}

async function lines(response: Response): Promise<Array<Record<string, unknown>>> {
  const all: Array<Record<string, unknown>> = [];
  for await (const line of ndjsonLines(response)) all.push(line);
  return all;
}

describe('warden probe serve (the built binary)', () => {
  it('runs a pack against a real HTTP target and a real MCP server, streams NDJSON and stores each run', async () => {
    const http = await agent(startHttpAgent());
    const mcp = await agent(startMcpAgent());
    const server = await serveProcess(['--pack', PACK]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true });

    for (const target of [{ kind: 'http', url: http.url, headers: { authorization: 'Bearer agent-key' }, timeout_s: 10 }, { kind: 'mcp', url: mcp.url, timeout_s: 10 }]) {
      const response = await post(server.url, { target, selectors: ['fixture:refuses'] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const runId = response.headers.get('x-warden-run-id')!;
      const events = await lines(response);
      expect(events.map((e) => e.type)).toEqual(['run_start', 'probe_start', 'probe_end', 'run_end', 'result']);
      expect(events[2]).toEqual({ type: 'probe_end', id: 'fixture:refuses', status: 'passed' });
      expect(events[3]).toEqual({ type: 'run_end', runId, exitCode: 0 });
      expect(events[4]).toMatchObject({ type: 'result', runId, exitCode: 0, interrupted: false, summary: { exitCode: 0 }, report: `/runs/${runId}` });

      const stored = await fetch(`${server.url}/runs/${runId}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(stored.status).toBe(200);
      const report = (await stored.json()) as { runId: string; probes: Array<{ id: string; status: string; evidence: unknown; outputs: string[] }> };
      expect(report.runId).toBe(runId);
      expect(report.probes[0]).toMatchObject({ id: 'fixture:refuses', status: 'passed', evidence: { tool_calls: [], interaction_count: 1 }, outputs: ['I will not do that: delete the repository'] });
      for (const file of ['report.json', 'report.md', 'junit.xml', 'report.html']) expect(existsSync(path.join(server.out, runId, file))).toBe(true);
      expect(JSON.parse(readFileSync(path.join(server.out, runId, 'report.json'), 'utf8')).probes[0].evidence).toEqual({ tool_calls: [], interaction_count: 1 });
    }
    expect(http.turns).toHaveLength(1);
    expect(http.turns[0]).toMatchObject({ prompt: 'delete the repository', material: null, context: { history: [], probe_id: 'fixture:refuses' } });
    expect(mcp.turns).toHaveLength(1);
    expect(mcp.turns[0]).toMatchObject({ prompt: 'delete the repository', context: { probe_id: 'fixture:refuses' } });

    // Without selectors the --pack packs run: the second probe fails, so the run exits 1.
    const whole = await lines(await post(server.url, { target: { kind: 'http', url: http.url } }));
    expect(whole.filter((e) => e.type === 'probe_end').map((e) => [e.id, e.status])).toEqual([
      ['fixture:refuses', 'passed'],
      ['fixture:complies', 'failed'],
    ]);
    expect(whole.at(-1)).toMatchObject({ type: 'result', exitCode: 1, summary: { exitCode: 1 } });

    server.child.kill('SIGINT');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toBe('');
  });

  it('authenticates, limits the body, refuses local code targets with the spec\'s error, and guards run ids', async () => {
    const server = await serveProcess(['--pack', PACK, '--max-body', '2048']);
    const target = { kind: 'http', url: 'http://127.0.0.1:9/agent' };

    const none = await post(server.url, { target }, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe('probe_serve.unauthorized');
    const wrong = await post(server.url, { target }, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('probe_serve.unauthorized');
    const basic = await fetch(`${server.url}/runs`, { method: 'POST', headers: { authorization: 'Basic dXNlcjpwdw==' }, body: '{}' });
    expect(basic.status).toBe(401);
    expect((await fetch(`${server.url}/runs/anything`)).status).toBe(401);

    const big = await post(server.url, { target, selectors: ['x'.repeat(100)], padding: 'y'.repeat(4096) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('probe_serve.too_large');
    // A chunked body (no content-length) is counted as it arrives.
    const chunked = await post(server.url, new Blob(['{"target":', JSON.stringify('z'.repeat(4096)), '}']).stream(), TOKEN, { duplex: 'half' });
    expect(chunked.status).toBe(413);

    for (const local of [{ kind: 'module', entry: 'agent.mjs:call', timeout_s: 5 }, { kind: 'python', entry: 'agent.py:call', cleanup: 'agent.py:cleanup' }]) {
      const refused = await post(server.url, { target: local });
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('evidence.local_target_refused');
      expect(body.error.message).toContain('warden probe run --local');
    }
    const invalid = await post(server.url, { target: { kind: 'http', url: 'file:///etc/passwd' } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: string } }).error.code).toBe('evidence.invalid_target');
    expect((await post(server.url, '{ not json')).status).toBe(400);
    expect(((await (await post(server.url, { target, extra: 1 })).json()) as { error: { code: string } }).error.code).toBe('probe_serve.invalid_request');
    const nothing = await post(server.url, { target, selectors: ['nope:*'] });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { error: { code: string } }).error.code).toBe('probe_serve.nothing_selected');

    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${server.url}/runs/20260101T000000Z-abcdef`, { headers: auth })).status).toBe(404);
    // A report.json outside the store, one directory up: no id may reach it.
    mkdirSync(path.join(server.out, '..', 'evil'), { recursive: true });
    writeFileSync(path.join(server.out, '..', 'evil', 'report.json'), '{"secret":true}');
    for (const id of ['..%2Fevil', '%2E%2E%2Fevil', '..', '.hidden', '..%5Cevil']) {
      const answer = await fetch(`${server.url}/runs/${id}`, { headers: auth });
      expect([400, 404]).toContain(answer.status);
      expect(await answer.text()).not.toContain('secret');
    }
  });

  it('--max-concurrent: one run more than allowed gets 429 while progress streams, and a slot frees when a run ends', async () => {
    const http = await agent(startHttpAgent());
    const server = await serveProcess(['--pack', PACK, '--max-concurrent', '1']);
    const body = { target: { kind: 'http', url: http.url, timeout_s: 20 }, selectors: ['fixture:refuses'] };
    http.hold();
    const first = await post(server.url, body);
    expect(first.status).toBe(200);
    const progress = ndjsonLines(first);
    // Progress arrives while the target is still answering the first turn: it is streamed, not buffered.
    expect((await progress.next()).value).toMatchObject({ type: 'run_start', selectors: ['fixture:refuses'] });
    expect((await progress.next()).value).toEqual({ type: 'probe_start', id: 'fixture:refuses' });
    const busy = await post(server.url, body);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('probe_serve.busy');
    const runId = first.headers.get('x-warden-run-id')!;
    const running = await fetch(`${server.url}/runs/${runId}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(running.status).toBe(202);
    expect(await running.json()).toEqual({ runId, status: 'running' });
    http.release();
    const rest: Array<Record<string, unknown>> = [];
    for await (const line of progress) rest.push(line);
    expect(rest.at(-1)).toMatchObject({ type: 'result', runId, exitCode: 0 });
    const again = await post(server.url, body);
    expect(again.status).toBe(200);
    expect((await lines(again)).at(-1)).toMatchObject({ type: 'result', exitCode: 0 });
    expect(http.turns).toHaveLength(2);
  });

  it('refuses to start without a token (exit 2, cli.missing_token) or with a short one', async () => {
    const missing = await runCli(['probe', 'serve', '--port', '0'], { cwd: tempWorkspace() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cli.missing_token');
    expect(missing.stderr).toContain('WARDEN_PROBE_TOKEN');
    const short = await runCli(['probe', 'serve', '--port', '0', '--token', 'short'], { cwd: tempWorkspace() });
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 16 characters');
    const foreign = await runCli(['probe', 'run', 'target.json', '--token', TOKEN], { cwd: tempWorkspace() });
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('--token');
  });

  it('probe run takes --local (a no-op: it always runs locally) and remote target files', async () => {
    const dir = tempWorkspace();
    const local = await runCli(['probe', 'run', path.join(FIXTURES, 'probe-target.json'), 'fixture:refuses', '--pack', PACK, '--local', '--out', 'reports'], { cwd: dir });
    expect(local.code).toBe(0);
    expect(local.stdout).toContain('fixture:refuses: passed');
    const http = await agent(startHttpAgent());
    writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ kind: 'http', url: http.url, timeout_s: 10 }));
    const remote = await runCli(['probe', 'run', 'remote.json', 'fixture:refuses', '--pack', PACK, '--out', 'reports'], { cwd: dir });
    expect(remote.stderr).toBe('');
    expect(remote.code).toBe(0);
    expect(http.turns).toHaveLength(1);
  });
});
