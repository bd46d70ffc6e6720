import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from './helpers/run-cli.js';
import { shq, startTmux, type TmuxSession } from './helpers/tmux.js';
import { tempWorkspace } from './helpers/workspace.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const PACK = path.join(FIXTURES, 'fixture-pack.mjs');
const FLAKY = path.join(FIXTURES, 'flaky-pack.mjs');

describe('warden check: gates, progress and why', () => {
  it('counts runs, not cases, with --repeat, and says why a case failed', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['check', 'fixture:*', '--pack', PACK, '--repeat', '2', '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('4 of 4 · fixture:fails: failed');
    expect(result.stdout).not.toMatch(/\b[5-9] of 4\b/);
    expect(result.stdout).toContain('  this case fails on purpose');
    expect(result.stdout).toContain('fixture:fails: failed (0 of 2 runs passed) — this case fails on purpose');
    expect(result.stdout).toContain('2 cases: 1 passed, 1 failed, 0 flaky, 0 error, 0 skipped');
  });

  it('a time-bounded soak prints a running count with no total', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['check', 'fixture:passes', '--pack', PACK, '--soak', '--for', '300ms', '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^1 · fixture:passes: passed$/m);
    expect(result.stdout).not.toContain(' of ');
  });

  it('--min-pass-rate passes a flaky case and shows it as flaky; --fail-on-flaky fails it', async () => {
    const dir = tempWorkspace();
    const gated = await runCli(['check', 'flaky:*', '--pack', FLAKY, '--repeat', '4', '--min-pass-rate', '0.75', '--out', 'reports'], { cwd: dir });
    expect(gated.stdout).toContain('flaky:second-run: flaky (3 of 4 runs passed) — status is 200 on every run');
    expect(gated.code).toBe(0);
    const strict = await runCli(['check', 'flaky:*', '--pack', FLAKY, '--repeat', '4', '--min-pass-rate', '0.75', '--fail-on-flaky', '--out', 'reports'], { cwd: dir });
    expect(strict.code).toBe(1);
    const below = await runCli(['check', 'flaky:*', '--pack', FLAKY, '--repeat', '4', '--out', 'reports'], { cwd: dir });
    expect(below.code).toBe(1);
    const bad = await runCli(['check', 'flaky:*', '--pack', FLAKY, '--min-pass-rate', '2'], { cwd: dir });
    expect(bad.code).toBe(2);
  });

  it('accepts the spec\'s step statuses and prints metric numbers for people', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['check', 'flaky:*', '--pack', FLAKY, '--out', 'reports'], { cwd: dir });
    expect(result.code).toBe(0);
    const report = path.join(dir, /report: (\S+)/.exec(result.stdout)![1]!);
    expect(readFileSync(report.replace(/report\.html$/, 'report.md'), 'utf8')).toContain('| latency | 125.789 ms |');
  });

  it('check … --dash FILE pushes the report as part of the run', async () => {
    const dir = tempWorkspace();
    const received: string[] = [];
    const dashboard = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push(`${req.headers.authorization} ${body.includes('fixture:passes')}`);
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dashboard.address() as AddressInfo;
      writeFileSync(path.join(dir, 'dash.json'), JSON.stringify({ url: `http://127.0.0.1:${port}/runs`, token_env: 'DASH_TOKEN' }));
      const result = await runCli(['check', 'fixture:passes', '--pack', PACK, '--dash', 'dash.json', '--out', 'reports'], { cwd: dir, env: { DASH_TOKEN: 'tok-123' } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('pushed run');
      expect(received).toEqual(['Bearer tok-123 true']);
    } finally {
      await new Promise((resolve) => dashboard.close(resolve));
    }
  });
});

describe('warden evidence list|run', () => {
  it('exist, as the READMEs and the "nothing selected" hint say', async () => {
    const dir = tempWorkspace();
    const listed = await runCli(['evidence', 'list', 'fixture:*', '--pack', PACK], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('fixture:passes');
    const ran = await runCli(['evidence', 'run', 'fixture:passes', '--pack', PACK, '--out', 'reports'], { cwd: dir });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('report: reports/');
    const none = await runCli(['evidence', 'run', 'nothing:here', '--pack', PACK], { cwd: dir });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('warden evidence list');
    const unknown = await runCli(['evidence', 'frobnicate'], { cwd: dir });
    expect(unknown.code).toBe(2);
  });

  it('listings see the containment pack that ships with the CLI', async () => {
    const result = await runCli(['evidence', 'list', 'pack:warden:containment'], { cwd: tempWorkspace() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('containment:none');
    expect(result.stdout).toContain('containment:yes');
  });
});

describe('warden probe', () => {
  it('run takes selectors and --pack, and says why a probe failed', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['probe', 'run', path.join(FIXTURES, 'probe-target.json'), 'fixture:complies', '--pack', path.join(FIXTURES, 'probe-pack.mjs'), '--out', 'reports'], { cwd: dir });
    expect(result.stdout).toContain('fixture:complies: failed');
    expect(result.stdout).not.toContain('fixture:refuses');
    expect(result.stdout).toContain('  contains: the output does not contain the expected text.');
    expect(result.code).toBe(1);
  });

  it('validate-target loads the functions; --execute also calls and finalizes, failing on open records or leftovers', async () => {
    const dir = tempWorkspace();
    const ok = await runCli(['probe', 'validate-target', path.join(FIXTURES, 'probe-target.json')], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('the entry and hooks load');
    const executed = await runCli(['probe', 'validate-target', path.join(FIXTURES, 'probe-target.json'), '--execute'], { cwd: dir });
    expect(executed.code).toBe(0);
    const leakyLoad = await runCli(['probe', 'validate-target', path.join(FIXTURES, 'leaky-target.json')], { cwd: dir });
    expect(leakyLoad.code).toBe(0);
    const leaky = await runCli(['probe', 'validate-target', path.join(FIXTURES, 'leaky-target.json'), '--execute', '--json'], { cwd: dir });
    expect(leaky.code).toBe(1);
    expect(JSON.parse(leaky.stdout.trim())).toMatchObject({ type: 'validate_target', ok: false, problems: [{ code: 'evidence.target_finalize_failed' }] });
    const missing = await runCli(['probe', 'validate-target'], { cwd: dir });
    expect(missing.code).toBe(2);
  });

  it('validate-target --execute names a malformed run_log by its code and does not pass it', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'bad.mjs'), 'export async function call() { return { output: "x", run_log: ["step"] }; }');
    writeFileSync(path.join(dir, 'good.mjs'), 'export async function call() { return { output: "x", run_log: { events: [{ type: "step" }], is_dry_run: false } }; }');
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ kind: 'module', entry: 'bad.mjs:call', timeout_s: 5 }));
    writeFileSync(path.join(dir, 'good.json'), JSON.stringify({ kind: 'module', entry: 'good.mjs:call', timeout_s: 5 }));
    const bad = await runCli(['probe', 'validate-target', 'bad.json', '--execute', '--json'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout.trim())).toMatchObject({ type: 'validate_target', ok: false, call: { status: 'invalid', code: 'evidence_invalid_run_log' } });
    const good = await runCli(['probe', 'validate-target', 'good.json', '--execute'], { cwd: dir });
    expect(good.code).toBe(0);
  });
});

describe('warden check on a terminal', () => {
  let tty: TmuxSession | undefined;
  afterEach(() => {
    tty?.kill();
    tty = undefined;
  });

  it('a soak shows one live line on stderr with its count, failures and time spent, cleared at the end', async () => {
    const dir = tempWorkspace();
    const vars = Object.entries({ NO_COLOR: '1', LANG: 'C.UTF-8', TERM: 'xterm', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }).map(([k, v]) => `${k}=${shq(v)}`);
    const cli = [process.execPath, BIN, 'check', 'fixture:passes', '--pack', PACK, '--soak', '--for', '4s', '--pause', '200ms', '--out', 'reports'].map(shq).join(' ');
    tty = startTmux(`cd ${shq(dir)} && env -i ${vars.join(' ')} ${cli}; echo "EXIT=$?"; sleep 60`, { width: 120 });
    await tty.waitFor(/case runs: [1-9]\d* done · 0 failed · \d+s elapsed/, 60_000);
    const end = await tty.waitFor(/EXIT=\d+/, 60_000);
    expect(end).toContain('EXIT=0');
    expect(end).toMatch(/1 cases: 1 passed, 0 failed/);
    // Cleared when the run ended; no escape code left behind.
    expect(end).not.toMatch(/case runs: \d+/);
    expect(end).not.toMatch(/\[\d*[A-Za-z]/);
  }, 120_000);
});
