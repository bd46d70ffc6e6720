import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

const PACK = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'fixture-pack.mjs');

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('warden sessions, audit verify and approvals', () => {
  it('lists, shows and deletes sessions; verifies the audit trail and catches tampering', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'a.txt', content: 'a' } }] }, { text: 'wrote a.txt' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'write a.txt please', '--workdir', dir, '--mode', 'yolo', ...args], { env });
    expect(run.code).toBe(0);

    const list = await runCli(['sessions', '--workdir', dir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ID\s+TITLE\s+MESSAGES\s+UPDATED\s+COST/);
    expect(list.stdout).toContain('write a.txt please');
    const listed = await runCli(['run', '--list-sessions', '--workdir', dir, '--json']);
    const [summary] = listed.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; messageCount: number });
    expect(summary!.messageCount).toBeGreaterThan(2);

    const show = await runCli(['sessions', 'show', summary!.id, '--workdir', dir]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('user: write a.txt please');
    expect(show.stdout).toContain('write_file');

    const verified = await runCli(['audit', 'verify', '--workdir', dir]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/audit trail intact: \d+ entries verified/);
    const trail = path.join(dir, '.warden', 'audit.jsonl');
    const lines = readFileSync(trail, 'utf8').trimEnd().split('\n');
    const second = JSON.parse(lines[1]!) as { data: unknown };
    second.data = { forged: true };
    lines[1] = JSON.stringify(second);
    writeFileSync(trail, `${lines.join('\n')}\n`);
    const broken = await runCli(['audit', 'verify', '--workdir', dir]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('audit trail broken at entry 2');

    const deleted = await runCli(['sessions', 'delete', summary!.id, '--workdir', dir]);
    expect(deleted.code).toBe(0);
    expect((await runCli(['sessions', '--workdir', dir])).stdout).toContain('No sessions yet.');
  });

  it('--park stops with exit 4; the approval is listed, approved and resumed, running exactly the parked call', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'parked.txt', content: 'approved later\n' } }] }, { text: 'all written' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    const parked = await runCli(['run', 'write parked.txt', '--workdir', dir, '--park', ...args], { env });
    expect(parked.code).toBe(4);
    expect(parked.stdout).toContain('waiting for approval');
    expect(existsSync(path.join(dir, 'parked.txt'))).toBe(false);
    const list = await runCli(['approvals', 'list', '--workdir', dir, '--json']);
    const [item] = list.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { request: { id: string; call: { name: string } } });
    expect(item!.request.call.name).toBe('write_file');
    const approved = await runCli(['approvals', 'approve', item!.request.id, '--workdir', dir], { env: { USER: 'reviewer' } });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain('approved');
    // It tells the next step: approving alone runs nothing.
    expect(approved.stdout).toContain(`next: warden approvals resume ${item!.request.id}`);
    const resumed = await runCli(['approvals', 'resume', item!.request.id, '--workdir', dir, ...args], { env });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(readFileSync(path.join(dir, 'parked.txt'), 'utf8')).toBe('approved later\n');
    const again = await runCli(['approvals', 'resume', item!.request.id, '--workdir', dir, ...args], { env });
    expect(again.code).toBe(1);
    expect(server.requests).toHaveLength(2);
  });

  it('approvals resume refuses a session whose copy of the approved call was edited (checksums recomputed)', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'parked.txt', content: 'approved later\n' } }] }, { text: 'all written' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    expect((await runCli(['run', 'write parked.txt', '--workdir', dir, '--park', ...args], { env })).code).toBe(4);
    const list = await runCli(['approvals', 'list', '--workdir', dir, '--json']);
    const [item] = list.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { request: { id: string } });
    expect((await runCli(['approvals', 'approve', item!.request.id, '--workdir', dir], { env: { USER: 'reviewer' } })).code).toBe(0);
    // Someone with write access changes the session's copy of the call and fixes up the line's checksum.
    const sessions = path.join(dir, '.warden', 'sessions');
    const file = path.join(sessions, readdirSync(sessions).find((name) => name.endsWith('.jsonl'))!);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => {
      const frame = JSON.parse(line) as { v: number; seq: number; ver: number; i: number; n: number; id: string; op?: string; ts: number; sum: string; rec?: { type: string; request?: { call: { args: Record<string, unknown> } } } };
      if (frame.rec?.type !== 'approval' || !frame.rec.request) return line;
      frame.rec.request.call.args = { path: 'parked.txt', content: 'forged\n' };
      // Rewritten as a format-1 frame (SHA-256 checksum), which the store still reads: the forger fixed the checksum.
      frame.v = 1;
      const payload = JSON.stringify(frame.rec);
      frame.sum = createHash('sha256').update(`${frame.v}|${frame.seq}|${frame.ver}|${frame.i}|${frame.n}|${frame.id}|${frame.op ?? ''}|${frame.ts}|${payload}`).digest('hex').slice(0, 16);
      const { rec: _rec, ...head } = frame;
      return `${JSON.stringify(head).slice(0, -1)},"rec":${payload}}`;
    });
    writeFileSync(file, `${lines.join('\n')}\n`);
    const resumed = await runCli(['approvals', 'resume', item!.request.id, '--workdir', dir, ...args], { env });
    expect(resumed.code).not.toBe(0);
    expect(`${resumed.stdout}${resumed.stderr}`).toContain('policy.approval_invalid');
    expect(existsSync(path.join(dir, 'parked.txt'))).toBe(false);
  });
});

describe('warden check, providers and doctor', () => {
  it('lists what a selector matches, runs checks, prints the report path and exits by the result', async () => {
    const dir = tempWorkspace();
    const listed = await runCli(['check', 'list', 'fixture:*', '--pack', PACK], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('fixture:passes');
    expect(listed.stdout).toContain('fixture:fails');
    const passing = await runCli(['check', 'fixture:passes', '--pack', PACK, '--out', 'reports'], { cwd: dir });
    expect(passing.stderr).toBe('');
    expect(passing.code).toBe(0);
    expect(passing.stdout).toContain('1 of 1 · fixture:passes: passed');
    const report = /report: (\S+)/.exec(passing.stdout)?.[1];
    expect(report && existsSync(path.join(dir, report))).toBe(true);
    const soak = await runCli(['check', 'fixture:passes', '--pack', PACK, '--soak', '--iterations', '2', '--pause', '10ms', '--out', 'reports'], { cwd: dir });
    expect(soak.code).toBe(0);
    expect(soak.stdout.match(/fixture:passes: passed/g)).toHaveLength(2);
    const badDuration = await runCli(['check', 'fixture:passes', '--soak', '--for', 'soon'], { cwd: dir });
    expect(badDuration.code).toBe(2);
    expect(badDuration.stderr).toContain('--for');
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ packs: [PACK], environments: { local: { url: 'http://127.0.0.1' } } }));
    const failing = await runCli(['check', 'tag:smoke', 'fixture:fails', '--env', 'local', '--out', 'reports'], { cwd: dir });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('fixture:fails: failed');
  });

  it('pushes a report to a self-hosted dashboard with `warden evidence push`, the token only in the header', async () => {
    const dir = tempWorkspace();
    const ran = await runCli(['check', 'fixture:passes', '--pack', PACK, '--out', 'reports'], { cwd: dir });
    expect(ran.code).toBe(0);
    const reportDir = path.dirname(path.join(dir, /report: (\S+)/.exec(ran.stdout)![1]!));
    const received: Array<{ auth: string | undefined; body: string }> = [];
    const dashboard = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dashboard.address() as AddressInfo;
      writeFileSync(path.join(dir, 'dash.json'), JSON.stringify({ url: `http://127.0.0.1:${port}/runs`, token_env: 'DASH_TOKEN' }));
      const pushed = await runCli(['evidence', 'push', reportDir, '--dash', 'dash.json', '--json'], { cwd: dir, env: { DASH_TOKEN: 'dash-secret-token-123' } });
      expect(pushed.stderr).toBe('');
      expect(pushed.code).toBe(0);
      expect(JSON.parse(pushed.stdout.trim())).toMatchObject({ type: 'pushed', status: 201 });
      expect(received).toHaveLength(1);
      expect(received[0]!.auth).toBe('Bearer dash-secret-token-123');
      expect(received[0]!.body).toContain('fixture:passes');
      expect(received[0]!.body).not.toContain('dash-secret-token-123');
      const missingDash = await runCli(['evidence', 'push', reportDir], { cwd: dir });
      expect(missingDash.code).toBe(2);
      expect(missingDash.stderr).toContain('--dash');
    } finally {
      dashboard.close();
    }
  });

  it('shows providers and which variables they need, never the values', async () => {
    const key = 'sk-test-value-must-not-appear-123456';
    // Wide enough that no cell is cut (at 80 columns the table fits by cutting the widest cells).
    const result = await runCli(['providers'], { env: { OPENAI_API_KEY: key, COLUMNS: '140' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/openai\s+yes\s+OPENAI_API_KEY/);
    expect(result.stdout).toMatch(/anthropic\s+no\s+missing: ANTHROPIC_API_KEY/);
    expect(result.stdout).not.toContain(key);
  });

  it('pings a provider with a one-token call', async () => {
    server = await startFakeOpenAI([{ text: 'p' }]);
    const { env } = fakeProvider(server.url);
    const result = await runCli(['providers', 'openai', '--ping', '--base-url', server.url, '--model', 'fake-model'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('openai: the key in OPENAI_API_KEY works (fake-model)');
    expect(server.requests[0]).toMatchObject({ max_completion_tokens: 1 });
  });

  it('doctor reports each check with a fix, and exits 1 when no provider is configured', async () => {
    const dir = tempWorkspace();
    const bare = await runCli(['doctor', '--workdir', dir], { cwd: dir });
    expect(bare.code).toBe(1);
    expect(bare.stdout).toContain(`Node.js ${process.versions.node}`);
    expect(bare.stdout).toContain('fix: set a key such as OPENAI_API_KEY');
    const ready = await runCli(['doctor', '--workdir', dir], { cwd: dir, env: { ANTHROPIC_API_KEY: 'sk-ant-test-0000000000' } });
    expect(ready.code).toBe(0);
    expect(ready.stdout).toContain('0 problems found');
    expect(ready.stdout).not.toContain('sk-ant-test');
    expect(ready.stdout).toContain(`✔ session store ${path.join(dir, '.warden', 'sessions')}`);
    // bubblewrap and socat are installed where the tests run (.ci/run installs them).
    expect(ready.stdout).toMatch(/✔ OS sandbox \(bubblewrap\) \(bubblewrap \d+\.\d+\.\d+; allowed hosts through the filtering proxy\)/);
    const down = await runCli(['doctor', '--workdir', dir, '--sessions', 'redis://127.0.0.1:9'], { cwd: dir, env: { ANTHROPIC_API_KEY: 'sk-ant-test-0000000000' } });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('✖ session store redis://127.0.0.1:9');
    expect(down.stdout).toContain('fix:');
  });

  it("doctor reports a Redis store's persistence setting (Redis acknowledges from memory unless AOF is on)", async () => {
    const dir = tempWorkspace();
    const env = { ANTHROPIC_API_KEY: 'sk-ant-test-0000000000' };
    const redis = await runCli(['doctor', '--workdir', dir, '--sessions', 'redis://127.0.0.1:6379', '--json'], { cwd: dir, env });
    expect(redis.code).toBe(0);
    const checks = redis.stdout.trim().split('\n').map((line) => JSON.parse(line) as { label: string; ok: boolean; optional?: boolean; detail?: string; fix?: string });
    const persistence = checks.find((c) => c.label === 'Redis persistence');
    expect(persistence).toMatchObject({ optional: true, detail: expect.stringMatching(/^AOF is (on|off)/) });
    if (!persistence!.ok) expect(persistence!.fix).toContain('appendonly yes');
    // Other stores have no such line.
    const jsonl = await runCli(['doctor', '--workdir', dir, '--json'], { cwd: dir, env });
    expect(jsonl.stdout).not.toContain('Redis persistence');
    // The setting is worded from the catalog (sessions' REDIS_PERSISTENCE code), in the run's language.
    const es = await runCli(['doctor', '--workdir', dir, '--sessions', 'redis://127.0.0.1:6379'], { cwd: dir, env: { ...env, WARDEN_LANG: 'es' } });
    expect(es.stdout).toMatch(/persistencia de Redis \(AOF está (activado|desactivado)/);
    expect(es.stdout).not.toContain('AOF is');
  }, 90_000);
});

describe('warden probe run', () => {
  it('runs the probes of a file against a target, with a report and exit 1 when one fails', async () => {
    const fixtures = path.dirname(PACK);
    const dir = tempWorkspace();
    const result = await runCli(['probe', 'run', path.join(fixtures, 'probe-target.json'), '--probes', path.join(fixtures, 'probe-pack.mjs'), '--out', 'reports'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('fixture:refuses: passed');
    expect(result.stdout).toContain('fixture:complies: failed');
    expect(result.code).toBe(1);
    const report = /report: (\S+)/.exec(result.stdout)?.[1];
    expect(report && existsSync(path.join(dir, report))).toBe(true);
  });

  it('needs --probes', async () => {
    const result = await runCli(['probe', 'run', 'target.json'], { cwd: tempWorkspace() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--probes');
  });
});
