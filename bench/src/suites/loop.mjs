// The headline: per-step cost of a 50-step tool loop for every driver (bare limits,
// Warden, peers) on the same fake server, stream and no-stream, in interleaved rounds
// (A B C … then B C … A, the start rotating each round), plus RSS growth over 1,000 steps
// and a MaxListenersExceededWarning check per driver.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { LOOP_DRIVERS } from '../drivers/registry.mjs';
import { spawnFakeServer } from '../fake-server/spawn-server.mjs';
import { figure, notMeasured, single } from '../lib/figure.mjs';
import { forkWorker } from '../lib/ipc-child.mjs';
import { median, round } from '../lib/stats.mjs';

const DRIVER_SCRIPT = fileURLToPath(new URL('../driver.mjs', import.meta.url));
const MODES = ['stream', 'no-stream'];
// Runs per driver and mode before timing starts. A framework has far more code for the JIT to
// compile than a bare loop; timing its first runs would measure compilation, not the loop.
const WARMUP_RUNS = 10;
/** The harness rows compared with the durable floor (the bare loop + 2 fdatasyncs per tool step). */
const FLOOR = 'bare-undici-floor';
const run = promisify(execFile);

/**
 * Fresh-process rows: one 50-step run timed in a new process (imports, then the first run with a
 * cold JIT), `rounds` times per driver and mode, drivers interleaved. Returns samples per driver.
 */
async function freshRows(drivers, origin, steps, rounds, log) {
  const out = {};
  for (let r = 0; r < rounds; r += 1) {
    for (const mode of MODES) {
      for (let i = 0; i < drivers.length; i += 1) {
        const d = drivers[(i + r) % drivers.length];
        const slot = ((out[d.id] ??= {})[mode] ??= { ms: [], cpu: [], processCpu: [] });
        try {
          const { stdout } = await run(process.execPath, [DRIVER_SCRIPT, '--driver', d.id, '--mode', mode === 'no-stream' ? 'nostream' : 'stream', '--steps', String(steps), '--runs', '1', '--warmup', '0', '--origin', origin], { maxBuffer: 1 << 20 });
          const line = JSON.parse(stdout.trim().split('\n').pop());
          slot.ms.push(line.msPerStep);
          slot.cpu.push(line.cpuMsPerStep);
          slot.processCpu.push(line.processCpuMs);
        } catch (error) {
          slot.error = String(error.message).split('\n')[0].slice(0, 300);
        }
      }
    }
    log(`loop: fresh round ${r + 1}/${rounds}`);
  }
  return out;
}

export async function runLoopSuite({ quick, only, log }) {
  const steps = 50;
  const rounds = quick ? 3 : 20;
  // Runs per driver per turn. One run (~15 ms) per turn left each median resting on 15
  // samples, and on this shared two-core machine a driver's median then swung by a third
  // between identical runs of the suite; three back-to-back runs per turn give 60 samples.
  const runsPerTurn = quick ? 1 : 3;
  const memorySteps = quick ? 200 : 1000;
  const drivers = only ? LOOP_DRIVERS.filter((d) => d.reference || only.includes(d.id)) : LOOP_DRIVERS;
  const server = await spawnFakeServer();
  const workers = new Map();
  const raw = { steps, rounds, runsPerTurn, memorySteps, drivers: {} };
  try {
    for (const d of drivers) {
      const worker = forkWorker(DRIVER_SCRIPT, ['--ipc', '--driver', d.id], { execArgv: ['--expose-gc'] });
      workers.set(d.id, worker);
      raw.drivers[d.id] = { framework: d.framework, samples: { stream: [], 'no-stream': [] }, cpuSamples: { stream: [], 'no-stream': [] } };
    }
    for (const w of workers.values()) await w.ready;
    const stats = async () => (await globalThis.fetch(`${server.origin}/stats`)).json();
    const serverBefore = await stats();
    log(`loop: warming ${drivers.length} drivers`);
    // A driver that fails (a peer that breaks on this Node, say) is dropped and reported; the
    // reference failing ends the suite.
    let active = [...drivers];
    const sample = async (d, mode, runs) => {
      try {
        return await workers.get(d.id).call({ cmd: 'sample', origin: server.origin, mode, steps, runs });
      } catch (error) {
        if (d.reference) throw error;
        raw.drivers[d.id].error = String(error.message).split('\n')[0].slice(0, 300);
        active = active.filter((a) => a !== d);
        log(`loop: ${d.id} dropped: ${raw.drivers[d.id].error}`);
        return { msPerStep: [], cpuMsPerStep: [] };
      }
    };
    for (const d of drivers) for (const mode of MODES) await sample(d, mode, WARMUP_RUNS);
    for (let r = 0; r < rounds; r += 1) {
      for (const mode of MODES) {
        const order = [...active];
        for (let i = 0; i < order.length; i += 1) {
          const d = order[(i + r) % order.length];
          if (!active.includes(d)) continue;
          const got = await sample(d, mode, runsPerTurn);
          raw.drivers[d.id].samples[mode].push(...got.msPerStep);
          raw.drivers[d.id].cpuSamples[mode].push(...got.cpuMsPerStep);
        }
      }
      log(`loop: round ${r + 1}/${rounds}`);
    }
    const serverAfter = await stats();
    raw.server = { requests: serverAfter.requests - serverBefore.requests, cpuMicros: serverAfter.cpuMicros - serverBefore.cpuMicros };
    for (const d of active) Object.assign(raw.drivers[d.id], await workers.get(d.id).call({ cmd: 'summary' }));
    for (const d of active) {
      const w = workers.get(d.id);
      // Warden and the reference get every memory figure; the others only the faster no-stream
      // mode (their stream mode still ran in the rounds, so the listener check covers it).
      const full = d.id === 'warden' || d.id === 'bare-undici';
      const memory = {};
      for (const mode of full ? MODES : ['no-stream']) memory[mode] = await w.call({ cmd: 'memory', origin: server.origin, mode, steps, totalSteps: memorySteps });
      if (full) memory.oneConversation = await w.call({ cmd: 'memory', origin: server.origin, mode: 'stream', steps: memorySteps, totalSteps: memorySteps });
      raw.drivers[d.id].memory = memory;
      const after = await w.call({ cmd: 'summary' });
      raw.drivers[d.id].warnings = after.warnings;
      raw.drivers[d.id].maxListenersWarnings = after.maxListenersWarnings;
      log(`loop: memory ${d.id} done`);
    }
    for (const w of workers.values()) await w.stop();
    workers.clear();
    const fresh = await freshRows(active, server.origin, steps, quick ? 1 : 3, log);
    for (const [id, byMode] of Object.entries(fresh)) raw.drivers[id].fresh = byMode;
  } finally {
    for (const w of workers.values()) await w.stop();
    await server.stop();
  }
  return { raw, figures: loopFigures(raw) };
}

function loopFigures(raw) {
  const figures = [];
  const ref = raw.drivers['bare-undici'];
  for (const [id, d] of Object.entries(raw.drivers)) {
    if (d.error) figures.push(notMeasured(`loop.${id}.failed`, `${d.framework}: loop driver`, 'ms/step', `the driver failed: ${d.error}`));
  }
  const floor = raw.drivers[FLOOR];
  for (const mode of MODES) {
    const refMedian = median(ref.samples[mode]);
    const refCpu = ref.cpuSamples?.[mode]?.length ? median(ref.cpuSamples[mode]) : undefined;
    const floorMedian = floor && !floor.error && floor.samples[mode].length ? median(floor.samples[mode]) : undefined;
    const floorCpu = floor && !floor.error && floor.cpuSamples?.[mode]?.length ? median(floor.cpuSamples[mode]) : undefined;
    for (const [id, d] of Object.entries(raw.drivers)) {
      const samples = d.samples[mode];
      if (d.error || samples.length === 0) continue;
      const harness = id.startsWith('warden-harness');
      figures.push(
        figure(`loop.${id}.${mode}`, `${d.framework} — ${mode}, ms per step (${raw.steps}-step runs)`, 'ms/step', samples, {
          group: 'loop',
          driver: id,
          mode,
          framework: d.framework,
          version: d.version,
          ratio: round(median(samples) / refMedian, 3),
          ...(harness && floorMedian ? { floorRatio: round(median(samples) / floorMedian, 3) } : {}),
        }),
      );
      const cpu = d.cpuSamples?.[mode] ?? [];
      if (cpu.length > 0 && refCpu) {
        figures.push(
          figure(`loop.${id}.${mode}.cpu`, `${d.framework} — ${mode}, process CPU ms per step (${raw.steps}-step runs)`, 'ms/step', cpu, {
            group: 'loop-cpu',
            driver: id,
            mode,
            framework: d.framework,
            ratio: round(median(cpu) / refCpu, 3),
            ...(harness && floorCpu ? { floorRatio: round(median(cpu) / floorCpu, 3) } : {}),
          }),
        );
      }
      const fresh = d.fresh?.[mode];
      const refFresh = ref.fresh?.[mode];
      if (fresh?.ms.length && refFresh?.ms.length) {
        figures.push(
          figure(`loop.${id}.${mode}.fresh`, `${d.framework} — ${mode}, ms per step of the first ${raw.steps}-step run in a fresh process`, 'ms/step', fresh.ms, {
            group: 'loop-fresh',
            driver: id,
            mode,
            framework: d.framework,
            ratio: round(median(fresh.ms) / median(refFresh.ms), 3),
            cpuMsPerStep: round(median(fresh.cpu), 3),
            cpuRatio: round(median(fresh.cpu) / median(refFresh.cpu), 3),
            processCpuMs: round(median(fresh.processCpu), 1),
          }),
        );
      }
    }
  }
  // What tracing costs a step: the traced harness's CPU per step over the untraced one's.
  for (const mode of MODES) {
    const on = raw.drivers['warden-harness-traced'];
    const off = raw.drivers['warden-harness'];
    if (on?.cpuSamples?.[mode]?.length && off?.cpuSamples?.[mode]?.length && !on.error && !off.error) {
      figures.push(single(`loop.tracing.${mode}.cpu`, `tracing on ÷ tracing off, full harness process CPU per step, ${mode}`, '×', median(on.cpuSamples[mode]) / median(off.cpuSamples[mode]), { group: 'loop-tracing', mode }));
    }
  }
  if (raw.server?.requests) {
    const perRequest = raw.server.cpuMicros / raw.server.requests / 1000;
    figures.push(single('loop.server_cpu', `the fake server's own CPU time per request during the rounds (${raw.server.requests} requests; it is part of every driver's ms/step alike, bare loops included)`, 'ms/request', perRequest, { group: 'memory' }));
  }
  for (const [id, d] of Object.entries(raw.drivers)) {
    if (d.error) continue;
    const m = d.memory ?? {};
    for (const [kind, v] of Object.entries(m)) {
      const signed = (bytes) => `${bytes >= 0 ? '+' : ''}${round(bytes / 1e6, 1)}`;
      const heap = `heap ${signed(v.heapGrowth)} MB${v.heapReservedGrowth === undefined ? '' : `, V8 heap reserved ${signed(v.heapReservedGrowth)} MB`}`;
      if (kind === 'oneConversation') {
        // One long conversation holds its growing history while it runs, so the figure is the
        // peak RSS growth during it (what it costs), not a leak check; no target applies.
        const label = `${d.framework} — peak RSS growth during one ${v.steps}-step conversation, stream (after it and a GC: ${round(v.rssGrowth / 1e6, 1)} MB, ${heap})`;
        figures.push(single(`memory.${id}.${kind}`, label, 'MB', v.peakGrowth / 1e6, { group: 'memory', driver: id, heapGrowthMB: round(v.heapGrowth / 1e6, 2), retainedMB: round(v.rssGrowth / 1e6, 2) }));
        continue;
      }
      const windows = v.windows ? `; median of ${v.windows.length} windows, in order: ${v.windows.map((g) => round(g / 1e6, 1)).join(', ')} MB` : '';
      const label = `${d.framework} — RSS growth over ${v.runs} runs × ${raw.steps} steps, ${kind}, GC before and after (peak during +${round(v.peakGrowth / 1e6, 1)} MB, ${heap}${windows})`;
      figures.push(single(`memory.${id}.${kind}`, label, 'MB', v.rssGrowth / 1e6, { group: 'memory', driver: id, heapGrowthMB: round(v.heapGrowth / 1e6, 2), peakGrowthMB: round(v.peakGrowth / 1e6, 2) }));
    }
    figures.push(single(`listeners.${id}`, `${d.framework} — MaxListenersExceededWarning count (whole process)`, 'count', d.maxListenersWarnings ?? 0, { group: 'listeners', driver: id }));
    figures.push(single(`peakrss.${id}`, `${d.framework} — peak RSS of the driver process after the timed rounds (heap used after GC: ${round((d.heapAfter ?? 0) / 1e6, 1)} MB)`, 'MB', (d.peakRss ?? 0) / 1e6, { group: 'peakrss', driver: id, version: d.version, heapAfterMB: round((d.heapAfter ?? 0) / 1e6, 2) }));
  }
  return figures;
}
