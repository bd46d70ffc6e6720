// Timing helpers. Wall-clock time is what a user feels; on a loaded shared machine it also
// includes time the OS gave to other processes, so CPU time (process.cpuUsage: this
// process's user + system time over all its threads, which a preempted process does not
// accrue but GC helper threads do) is recorded next to it for latency tails and throughputs.
import { percentile } from './stats.mjs';

function cpuMicros() {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export async function perCall(fn, calls) {
  const wall = new Float64Array(calls);
  const cpu = new Float64Array(calls);
  for (let i = 0; i < calls; i += 1) {
    const c0 = cpuMicros();
    const start = process.hrtime.bigint();
    const r = fn(i);
    if (r && typeof r.then === 'function') await r;
    wall[i] = Number(process.hrtime.bigint() - start) / 1000;
    cpu[i] = cpuMicros() - c0;
  }
  const values = Array.from(wall);
  const cpuValues = Array.from(cpu);
  return { p50: percentile(values, 50), p99: percentile(values, 99), cpuP50: percentile(cpuValues, 50), cpuP99: percentile(cpuValues, 99), values };
}

export async function timeMs(fn) {
  const c0 = cpuMicros();
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpuMs: (cpuMicros() - c0) / 1000, value };
}
