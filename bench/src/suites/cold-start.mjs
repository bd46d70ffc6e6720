// Cold start of a one-step script: spawn → exit of a fresh `node` that imports a framework,
// makes one model call (text answer, no tools) and exits — what a user's script or a CI job
// pays on every run. Every driver is spawned in the same interleaved rounds (the start
// rotating), against one fake server, so a busy moment hits all of them alike.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnFakeServer } from '../fake-server/spawn-server.mjs';
import { figure, notMeasured } from '../lib/figure.mjs';

const CHILD = fileURLToPath(new URL('../cold-start-child.mjs', import.meta.url));
export const COLD_START_DRIVERS = ['bare-undici', 'warden', 'warden-harness', 'ai-sdk', 'openai-agents', 'langgraph'];
const LABELS = {
  'bare-undici': 'bare undici.request',
  warden: 'Warden (core + providers)',
  'warden-harness': 'Warden full harness (JSONL session, audit, gate)',
  'ai-sdk': 'Vercel AI SDK',
  'openai-agents': 'OpenAI Agents JS',
  langgraph: 'LangGraph createReactAgent',
};

function once(id, origin) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CHILD, id, origin, 'stream'], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${id} exited ${r.status}: ${String(r.stderr).slice(0, 300)}`);
  return { ms, cpuMs: JSON.parse(r.stdout.trim().split('\n').at(-1)).cpuMs };
}

export async function runColdStartSuite({ quick, log }) {
  const rounds = quick ? 3 : 15;
  const server = await spawnFakeServer();
  const samples = Object.fromEntries(COLD_START_DRIVERS.map((id) => [id, []]));
  const cpu = Object.fromEntries(COLD_START_DRIVERS.map((id) => [id, []]));
  const errors = {};
  try {
    // One untimed start each fills the OS page cache, as a second run of any script would find it.
    for (const id of COLD_START_DRIVERS) {
      try {
        once(id, server.origin);
      } catch (error) {
        errors[id] = String(error.message).slice(0, 300);
      }
    }
    const active = COLD_START_DRIVERS.filter((id) => !errors[id]);
    for (let r = 0; r < rounds; r += 1) {
      for (let i = 0; i < active.length; i += 1) {
        const id = active[(i + r) % active.length];
        const { ms, cpuMs } = once(id, server.origin);
        samples[id].push(ms);
        cpu[id].push(cpuMs);
      }
    }
    log(`coldstart: ${rounds} rounds of ${active.length} drivers`);
  } finally {
    await server.stop();
  }
  const nodeAlone = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0']);
    nodeAlone.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const figures = [figure('coldstart.node', 'for scale: node -e 0', 'ms', nodeAlone, { group: 'coldstart' })];
  for (const id of COLD_START_DRIVERS) {
    const label = `one-step script, spawn to exit, stream: ${LABELS[id]}`;
    if (errors[id]) {
      figures.push(notMeasured(`coldstart.${id}`, label, 'ms', errors[id]));
      continue;
    }
    figures.push(figure(`coldstart.${id}`, label, 'ms', samples[id], { group: 'coldstart', driver: id }));
    figures.push(figure(`coldstart_cpu.${id}`, `${label} — the child's own CPU time (user + system)`, 'ms', cpu[id], { group: 'coldstart', driver: id }));
  }
  return { raw: { rounds, errors }, figures };
}
