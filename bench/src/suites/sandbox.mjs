// @warden/tools' OS sandbox: per-command start-up overhead of the shell tool with the
// bubblewrap sandbox (no network; and with allowed hosts, i.e. proxy + socat bridge)
// against the same tool without it, on `true` (a command that does nothing, so what is
// left is start-up). Samples are interleaved so machine load falls on all variants alike.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figure, notMeasured } from '../lib/figure.mjs';
import { median } from '../lib/stats.mjs';
import { timeMs } from '../lib/timing.mjs';

const ENV = { PATH: '/usr/local/bin:/usr/bin:/bin' };

function shellOf(tools, root, sandbox) {
  const shell = { env: ENV, ...(sandbox ? { sandbox } : {}) };
  return tools.createWorkspaceTools({ root, allowShell: true, shell }).tools.find((t) => t.name === 'shell');
}

/**
 * CPU time (user + system) the children of a bash loop spent per run of `argv`, from bash's
 * `times`: unlike wall-clock time, it does not grow when other processes take the cores.
 */
function childCpuMsPerRun(argv, runs) {
  const script = `for i in $(seq ${runs}); do "$@" >/dev/null 2>&1; done; times`;
  const out = spawnSync('bash', ['-c', script, 'bash', ...argv], { encoding: 'utf8', env: ENV }).stdout.trim().split('\n');
  const [user, sys] = (out[1] ?? '').split(/\s+/).map((t) => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    return m ? Number(m[1]) * 60_000 + Number(m[2]) * 1000 : NaN;
  });
  return (user + sys) / runs;
}

export async function runSandboxSuite({ quick, log }) {
  let tools;
  try {
    tools = await import('@warden/tools');
  } catch (error) {
    return { raw: {}, figures: [notMeasured('sandbox.overhead', 'sandbox start-up overhead', 'ms', `@warden/tools could not be imported: ${String(error.message).slice(0, 160)}`)] };
  }
  const status = await tools.probeSandbox({ needProxy: true });
  if (!status.available) return { raw: { status }, figures: [notMeasured('sandbox.overhead', 'sandbox start-up overhead', 'ms', status.reason)] };
  const root = mkdtempSync(path.join(tmpdir(), 'warden-bench-sandbox-'));
  const sandboxes = [];
  try {
    // A small real-looking workspace: protected paths to mount, a tree to scan for .env files.
    for (let d = 0; d < 20; d += 1) {
      mkdirSync(path.join(root, `src/d${d}`), { recursive: true });
      writeFileSync(path.join(root, `src/d${d}/index.js`), 'export {};\n');
    }
    mkdirSync(path.join(root, '.git/hooks'), { recursive: true });
    writeFileSync(path.join(root, '.git/config'), '[core]\n');
    writeFileSync(path.join(root, '.env'), 'A=1\n');
    writeFileSync(path.join(root, 'AGENTS.md'), '# agents\n');
    sandboxes.push(tools.createSandbox({ workspace: root, mode: 'on' }), tools.createSandbox({ workspace: root, mode: 'on', allowedHosts: ['example.com'] }));
    const variants = {
      plain: shellOf(tools, root),
      sandboxed: shellOf(tools, root, sandboxes[0]),
      sandboxed_proxy: shellOf(tools, root, sandboxes[1]),
    };
    const ctx = { signal: new AbortController().signal, callId: 'bench', runId: 'bench', emit: () => {} };
    const runs = quick ? 8 : 40;
    const samples = { plain: [], sandboxed: [], sandboxed_proxy: [] };
    const cpu = { plain: [], sandboxed: [], sandboxed_proxy: [] };
    for (let i = 0; i < runs + 3; i += 1) {
      for (const [name, shell] of Object.entries(variants)) {
        const t = await timeMs(() => shell.execute({ command: 'true' }, ctx));
        const text = String(t.value?.content ?? t.value);
        if (!text.includes('exit code 0')) throw new Error(`${name}: ${text.slice(0, 300)}`);
        if (i < 3) continue; // warm-up
        samples[name].push(t.ms);
        cpu[name].push(t.cpuMs);
      }
    }
    // The same bwrap argv the shell tool runs, timed by CPU: the overhead an idle machine sees.
    const wrapped = await sandboxes[0].wrap('true', { cwd: root, env: ENV });
    await wrapped.finish('');
    const cpuPlain = [];
    const cpuBwrap = [];
    for (let round = 0; round < (quick ? 2 : 6); round += 1) {
      cpuPlain.push(childCpuMsPerRun(['/bin/sh', '-c', 'true'], 20));
      cpuBwrap.push(childCpuMsPerRun([wrapped.file, ...wrapped.args], 20));
    }
    const base = median(samples.plain);
    const overhead = (name) => samples[name].map((v) => v - base);
    log(`sandbox: plain ${base.toFixed(1)} ms, sandboxed ${median(samples.sandboxed).toFixed(1)} ms, with proxy ${median(samples.sandboxed_proxy).toFixed(1)} ms`);
    const group = { group: 'sandbox' };
    return {
      raw: { status, samples, cpu, childCpu: { plain: cpuPlain, bwrap: cpuBwrap } },
      figures: [
        figure('sandbox.plain', 'shell tool, `true`, no sandbox', 'ms', samples.plain, group),
        figure('sandbox.sandboxed', `shell tool, \`true\`, bubblewrap ${status.version}, no network`, 'ms', samples.sandboxed, group),
        figure('sandbox.sandboxed_proxy', 'shell tool, `true`, bubblewrap with allowed hosts (per-command proxy + socat bridge)', 'ms', samples.sandboxed_proxy, group),
        figure('sandbox.overhead', 'sandbox start-up overhead per command (sandboxed − median of no sandbox), no network', 'ms', overhead('sandboxed'), group),
        figure('sandbox.overhead_proxy', 'sandbox start-up overhead per command with allowed hosts', 'ms', overhead('sandboxed_proxy'), group),
        figure('sandbox.child_cpu_overhead', 'CPU time (user + system) of bwrap and its children per command minus that of `sh -c true` (load-independent)', 'ms', cpuBwrap.map((v, i) => v - cpuPlain[i]), group),
        figure('sandbox.cpu_sandboxed', 'this process’s CPU time per sandboxed command (wrap, scan, spawn), no network', 'ms', cpu.sandboxed, group),
      ],
    };
  } finally {
    for (const sandbox of sandboxes) sandbox.close();
    rmSync(root, { recursive: true, force: true });
  }
}
