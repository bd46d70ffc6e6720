// The warden CLI as a process: cold start of --version and --help, time from spawn to the
// first model request of `warden run`, and per-step cost of a 50-step headless --json run
// against the fake server (the CLI composes the gate, JSONL sessions and the audit trail,
// so this is the whole product, not the loop alone).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from '@warden/test-servers/bench';
import { figure, notMeasured } from '../lib/figure.mjs';

const BIN = fileURLToPath(new URL('../../../apps/cli/dist/bin.js', import.meta.url));

function wallMs(args, env) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: env ?? process.env, cwd: tmpdir() });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${String(r.stderr).slice(0, 300)}`);
  return ms;
}

function headlessRun(origin, steps, firstRequestAt) {
  const workdir = mkdtempSync(path.join(tmpdir(), 'warden-bench-cli-'));
  const baseURL = `${origin}/s/${steps - 1}/tool/list_files/v1`;
  const args = [BIN, 'run', 'List the files again and again.', '--workdir', workdir, '--provider', 'openai', '--base-url', baseURL, '--model', 'bench-model', '--json', '--yes', '--max-turns', String(steps + 5)];
  return new Promise((resolve, reject) => {
    const spawned = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env: { ...process.env, OPENAI_API_KEY: 'sk-bench-not-a-real-key', NO_COLOR: '1' }, cwd: workdir });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ended = process.hrtime.bigint();
      rmSync(workdir, { recursive: true, force: true });
      const lines = out.trim().split('\n');
      let last = {};
      try {
        last = JSON.parse(lines.at(-1) || '{}');
      } catch {
        // not NDJSON: reported below
      }
      const first = firstRequestAt();
      if (code !== 0 || last.type !== 'run_end' || last.steps !== steps || !first) {
        reject(new Error(`warden run exited ${code}, last event ${lines.at(-1)?.slice(0, 200)}; stderr ${err.slice(0, 300)}`));
        return;
      }
      const toolErrors = lines.filter((l) => l.includes('"type":"tool_result"') && l.includes('"isError":true')).length;
      resolve({ toFirstRequestMs: Number(first - spawned) / 1e6, totalMs: Number(ended - spawned) / 1e6, perStepMs: Number(ended - first) / 1e6 / steps, toolErrors });
    });
  });
}

export async function runCliSuite({ quick, log }) {
  if (!existsSync(BIN)) {
    const reason = 'apps/cli/dist/bin.js is missing (build @warden/cli first)';
    return { raw: {}, figures: ['version', 'help', 'first_request', 'run_step'].map((k) => notMeasured(`cli.${k}`, `warden ${k}`, 'ms', reason)) };
  }
  const figures = [];
  const n = quick ? 5 : 11;
  wallMs([BIN, '--version']);
  const node = [];
  const version = [];
  const help = [];
  for (let i = 0; i < n; i += 1) {
    node.push(wallMs(['-e', '0']));
    version.push(wallMs([BIN, '--version']));
    help.push(wallMs([BIN, '--help']));
  }
  figures.push(figure('cli.node_baseline', 'for scale: node -e 0 (Node start-up alone)', 'ms', node, { group: 'cli' }));
  figures.push(figure('cli.version', 'warden --version, spawn to exit', 'ms', version, { group: 'cli' }));
  figures.push(figure('cli.help', 'warden --help, spawn to exit', 'ms', help, { group: 'cli' }));
  log('cli: start-up done');

  let first;
  const { origin, close } = await startBenchServer({ onRequest: (_target, k) => { if (k === 0 && first === undefined) first = process.hrtime.bigint(); } });
  try {
    const steps = 50;
    const runs = [];
    for (let i = 0; i < (quick ? 2 : 4); i += 1) {
      first = undefined;
      runs.push(await headlessRun(origin, steps, () => first));
    }
    figures.push(figure('cli.first_request', 'warden run --json: spawn to first model request', 'ms', runs.map((r) => r.toFirstRequestMs), { group: 'cli' }));
    figures.push(figure('cli.run_step', `warden run --json, ${steps} list_files steps: ms per step after the first request (gate, JSONL session, audit)`, 'ms/step', runs.map((r) => r.perStepMs), { group: 'cli', toolErrors: runs[0].toolErrors }));
    figures.push(figure('cli.run_total', `warden run --json, ${steps} steps, spawn to exit`, 'ms', runs.map((r) => r.totalMs), { group: 'cli' }));
    log('cli: headless runs done');
  } catch (error) {
    const reason = `warden run failed: ${String(error.message).slice(0, 300)}`;
    for (const k of ['first_request', 'run_step', 'run_total']) figures.push(notMeasured(`cli.${k}`, `warden run ${k}`, 'ms', reason));
  } finally {
    await close();
  }
  return { raw: {}, figures };
}
