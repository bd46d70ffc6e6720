// Hosts one loop driver in its own process. Two ways to use it:
//
//   node src/driver.mjs --driver warden --mode stream --steps 50 --runs 10 [--origin URL]
//     runs alone (starting a fake server process when no --origin is given) and prints ONE
//     JSON line: framework, version, mode, steps, runs, ms per step, peak RSS, heap after.
//
//   forked by the runner with an IPC channel (--ipc): answers {cmd:'sample'|'memory'|'summary'}
//     messages, so the runner can interleave drivers A B C A B C … in warm processes.
import { setInterval, clearInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { FINAL_TEXT } from '@warden/test-servers/bench';
import { driverById } from './drivers/registry.mjs';
import { spawnFakeServer } from './fake-server/spawn-server.mjs';
import { versionOf } from './lib/versions.mjs';
import { median } from './lib/stats.mjs';

const { values: args } = parseArgs({
  options: {
    driver: { type: 'string' },
    mode: { type: 'string', default: 'stream' },
    steps: { type: 'string', default: '50' },
    runs: { type: 'string', default: '10' },
    origin: { type: 'string' },
    ipc: { type: 'boolean', default: false },
    // 0: the first run of a fresh process is timed (the loop suite's fresh-process rows).
    warmup: { type: 'string', default: '2' },
  },
});

const spec = driverById(args.driver);
const warnings = [];
process.on('warning', (w) => warnings.push({ name: w.name, message: String(w.message).slice(0, 200) }));
const instances = new Map();

async function instance(origin, mode, steps) {
  const key = `${mode}|${steps}`;
  let value = instances.get(key);
  if (!value) {
    const mod = await import(new URL(spec.module, new URL('./drivers/', import.meta.url)).href);
    value = await mod.create({ origin, toolSteps: steps - 1, stream: mode === 'stream' });
    instances.set(key, value);
  }
  return value;
}

async function timedRun(driver, steps) {
  const start = performance.now();
  const result = await driver.run();
  const ms = performance.now() - start;
  if (result.toolCalls !== steps - 1) throw new Error(`${spec.id}: expected ${steps - 1} tool calls, got ${result.toolCalls}`);
  if (!String(result.output ?? '').includes(FINAL_TEXT)) throw new Error(`${spec.id}: unexpected final output ${JSON.stringify(result.output)?.slice(0, 120)}`);
  return ms;
}

/**
 * Wall and process CPU time per step of each run (`process.cpuUsage`: user + system of every
 * thread of this process — the fsync threads included — and none of another process's; on a
 * shared machine the CPU figure is the steadier one).
 */
async function sample({ origin, mode, steps, runs }) {
  const driver = await instance(origin, mode, steps);
  const msPerStep = [];
  const cpuMsPerStep = [];
  for (let i = 0; i < runs; i += 1) {
    const cpu = process.cpuUsage();
    const ms = await timedRun(driver, steps);
    const used = process.cpuUsage(cpu);
    msPerStep.push(ms / steps);
    cpuMsPerStep.push((used.user + used.system) / 1000 / steps);
  }
  return { msPerStep, cpuMsPerStep };
}

function gcNow() {
  if (globalThis.gc) {
    globalThis.gc();
    globalThis.gc();
  }
}

/** Measurement windows of the memory figure; the median one is reported. */
const MEMORY_WINDOWS = 3;

/**
 * RSS growth over `totalSteps` steps, as consecutive runs of `steps` steps each: RSS after
 * the runs minus RSS before them, with a full GC at both points (garbage does not count,
 * anything retained does). The peak RSS seen during the runs is sampled too.
 *
 * Measured in three back-to-back windows on one driver instance, and the window with the
 * median growth is reported. A window often catches V8 growing its heap reservation
 * (heapTotal, reported beside the used heap): RSS and heapTotal up 7-17 MB with the used
 * heap flat, for the bare loop as for Warden. A leak shows as used heap growing window
 * after window; the median keeps one resize from deciding the figure.
 */
async function memory({ origin, mode, steps, totalSteps }) {
  const driver = await instance(origin, mode, steps);
  await timedRun(driver, steps); // warm
  const windows = [];
  for (let w = 0; w < MEMORY_WINDOWS; w += 1) windows.push(await memoryWindow(driver, steps, totalSteps));
  const median = [...windows].sort((a, b) => a.rssGrowth - b.rssGrowth)[Math.floor(windows.length / 2)];
  // In the order measured: a leak shows as growth in every window.
  return { ...median, windows: windows.map((w) => w.rssGrowth) };
}

async function memoryWindow(driver, steps, totalSteps) {
  gcNow();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const runs = Math.ceil(totalSteps / steps);
  try {
    for (let i = 0; i < runs; i += 1) await timedRun(driver, steps);
  } finally {
    clearInterval(sampler);
  }
  gcNow();
  const after = process.memoryUsage();
  return {
    steps: runs * steps,
    runs,
    rssBefore: before.rss,
    rssAfter: after.rss,
    rssGrowth: after.rss - before.rss,
    peakGrowth: Math.max(peak, after.rss) - before.rss,
    heapGrowth: after.heapUsed - before.heapUsed,
    heapReservedGrowth: after.heapTotal - before.heapTotal,
  };
}

function summaryLine() {
  gcNow();
  return {
    driver: spec.id,
    framework: spec.framework,
    version: versionOf(spec.pkg),
    peakRss: process.resourceUsage().maxRSS * 1024,
    heapAfter: process.memoryUsage().heapUsed,
    warnings,
    maxListenersWarnings: warnings.filter((w) => w.name === 'MaxListenersExceededWarning').length,
  };
}

if (args.ipc) {
  process.on('message', async (msg) => {
    try {
      let value;
      if (msg.cmd === 'sample') value = await sample(msg);
      else if (msg.cmd === 'memory') value = await memory(msg);
      else if (msg.cmd === 'summary') value = summaryLine();
      else throw new Error(`unknown command ${msg.cmd}`);
      process.send({ id: msg.id, ok: true, value });
    } catch (error) {
      process.send({ id: msg.id, ok: false, error: String(error?.stack ?? error).slice(0, 2000) });
    }
  });
  process.send({ ready: true });
} else {
  const server = args.origin ? undefined : await spawnFakeServer();
  const origin = args.origin ?? server.origin;
  const steps = Number(args.steps);
  const startCpu = process.cpuUsage();
  if (Number(args.warmup) > 0) await sample({ origin, mode: args.mode, steps, runs: Number(args.warmup) });
  const { msPerStep, cpuMsPerStep } = await sample({ origin, mode: args.mode, steps, runs: Number(args.runs) });
  const sinceStart = process.cpuUsage(startCpu);
  const s = summaryLine();
  process.stdout.write(
    `${JSON.stringify({ framework: s.framework, version: s.version, mode: args.mode, steps, runs: msPerStep.length, msPerStep: median(msPerStep), msPerStepAll: msPerStep, cpuMsPerStep: median(cpuMsPerStep), cpuMsPerStepAll: cpuMsPerStep, processCpuMs: (sinceStart.user + sinceStart.system) / 1000, peakRss: s.peakRss, heapAfter: s.heapAfter, maxListenersWarnings: s.maxListenersWarnings })}\n`,
  );
  await server?.stop();
}
