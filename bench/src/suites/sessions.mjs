// @warden/sessions: append latency p50/p99 per store and durability mode, load (resume)
// time for sessions of 1,000 / 10,000 / 100,000 messages, and list time over 10,000
// sessions — for JSONL (three fsync modes), SQLite, PostgreSQL and Redis.
import { figure, notMeasured } from '../lib/figure.mjs';
import { median } from '../lib/stats.mjs';
import { perCall, timeMs } from '../lib/timing.mjs';
import { storeFactories } from './session-stores.mjs';

const TEXT = 'Please look at src/index.ts and tell me why the test on line 42 fails; here is the output: '.padEnd(200, '.');

function records(from, count) {
  const at = '2026-11-29T10:00:00.000Z';
  return Array.from({ length: count }, (_, i) => ({
    type: 'message',
    id: `m${from + i}`,
    at,
    message: { role: (from + i) % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: TEXT }] },
  }));
}

async function fill(store, messages) {
  let { id, version } = await store.create({ title: `bench ${messages}` });
  for (let done = 0; done < messages; done += 1000) {
    const n = Math.min(1000, messages - done);
    ({ version } = await store.append(id, records(done, n), { expectedVersion: version }));
  }
  return id;
}

/**
 * Issue 15: the cost of one append must not grow with the session. One session gets N single-record
 * appends; the p50/p99 of the first and the last 1,000 are compared (10,000 in all; 2,000 with --quick).
 * Then group commit: a step's four records (assistant message, tool call, result, meta) as one append
 * versus four — one durable write instead of four.
 */
async function growth(store, factory, base, figures, quick, log) {
  const total = quick ? 2000 : 10000;
  const window = quick ? 200 : 1000;
  let { id, version } = await store.create({ title: 'growth bench' });
  const all = await perCall(async (i) => {
    ({ version } = await store.append(id, records(i, 1), { expectedVersion: version, opId: `op-${i}` }));
  }, total);
  const first = all.values.slice(0, window);
  const last = all.values.slice(total - window);
  const at = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] / 1000;
  };
  const k = (n) => `${n / 1000}k`;
  for (const [name, values, n] of [['first', first, window], ['last', last, total]]) {
    figures.push(figure(`${base}.append_p50_at_${k(n)}`, `${factory.label}: append p50, ${name} ${window.toLocaleString('en')} of ${total.toLocaleString('en')} appends to one session`, 'ms', [at(values, 50)], { group: 'sessions' }));
    figures.push(figure(`${base}.append_p99_at_${k(n)}`, `${factory.label}: append p99, ${name} ${window.toLocaleString('en')} of ${total.toLocaleString('en')}`, 'ms', [at(values, 99)], { group: 'sessions' }));
  }
  const step = (i) => [
    ...records(i * 4, 1),
    { type: 'tool_call', id: `tc${i}`, at: '2026-11-29T10:00:00.000Z', call: { type: 'tool_call', id: `c${i}`, name: 'read_file', args: { path: 'src/index.ts' } } },
    { type: 'tool_result', id: `tr${i}`, at: '2026-11-29T10:00:00.000Z', result: { type: 'tool_result', callId: `c${i}`, name: 'read_file', content: [{ type: 'text', text: TEXT }], isError: false } },
    { type: 'meta', id: `mt${i}`, at: '2026-11-29T10:00:00.000Z', key: 'step', value: i },
  ];
  const steps = quick ? 50 : 300;
  const grouped = await perCall(async (i) => {
    ({ version } = await store.append(id, step(i), { expectedVersion: version }));
  }, steps);
  const separate = await perCall(async (i) => {
    for (const record of step(steps + i)) ({ version } = await store.append(id, [record], { expectedVersion: version }));
  }, steps);
  figures.push(figure(`${base}.step_grouped_p50`, `${factory.label}: a step's 4 records as one append (group commit), p50`, 'ms', [grouped.p50 / 1000], { group: 'sessions' }));
  figures.push(figure(`${base}.step_grouped_p99`, `${factory.label}: a step's 4 records as one append (group commit), p99`, 'ms', [grouped.p99 / 1000], { group: 'sessions' }));
  figures.push(figure(`${base}.step_separate_p50`, `${factory.label}: the same 4 records as 4 appends, p50`, 'ms', [separate.p50 / 1000], { group: 'sessions' }));
  log(`sessions: ${factory.id} growth: p50 ${at(first, 50).toFixed(3)} → ${at(last, 50).toFixed(3)} ms; step ${(grouped.p50 / 1000).toFixed(3)} vs ${(separate.p50 / 1000).toFixed(3)} ms`);
}

export async function runSessionsSuite({ quick, log, only }) {
  let sessions;
  try {
    sessions = await import('@warden/sessions');
  } catch (error) {
    const reason = `@warden/sessions could not be imported: ${String(error.message).slice(0, 160)}`;
    return { raw: {}, figures: [notMeasured('sessions', 'session stores', 'ms', reason)] };
  }
  const figures = [];
  const sizes = quick ? [1000, 10000] : [1000, 10000, 100000];
  const listCount = quick ? 1000 : 10000;
  for (const factory of storeFactories(sessions)) {
    if (only && !only.some((o) => factory.id.startsWith(o))) continue;
    const base = `sessions.${factory.id}`;
    let opened;
    try {
      opened = await factory.open();
    } catch (error) {
      figures.push(notMeasured(`${base}.append_p50`, `${factory.label}: append`, 'ms', `store did not open: ${String(error.message).slice(0, 160)}`));
      continue;
    }
    const { store } = opened;
    try {
      let { id, version } = await store.create({ title: 'append bench' });
      const appends = quick ? 50 : 300;
      const append = await perCall(async (i) => {
        ({ version } = await store.append(id, records(i, 1), { expectedVersion: version }));
      }, appends);
      figures.push(figure(`${base}.append_p50`, `${factory.label}: append of one message, p50 over ${appends}`, 'ms', [append.p50 / 1000], { group: 'sessions' }));
      figures.push(figure(`${base}.append_p99`, `${factory.label}: append of one message, p99`, 'ms', [append.p99 / 1000], { group: 'sessions' }));
      // CPU time of the bench process (all its threads): what the code costs, without the time spent
      // waiting for a disk or a CPU that other processes hold.
      figures.push(figure(`${base}.append_cpu_p99`, `${factory.label}: append of one message, CPU time p99`, 'ms', [append.cpuP99 / 1000], { group: 'sessions' }));
      if (factory.id === 'jsonl-batch') await store.flush();
      if (factory.id === 'jsonl-always' || factory.id === 'jsonl-never') await growth(store, factory, base, figures, quick, log);
      if (factory.id.startsWith('jsonl-') && factory.id !== 'jsonl-never') {
        log(`sessions: ${factory.id} append done`);
        continue; // load and list do not depend on the fsync mode: measured once, on 'never'
      }
      for (const size of sizes) {
        const filled = await fill(store, size);
        const loads = [];
        for (let i = 0; i < 3; i += 1) {
          const t = await timeMs(() => store.load(filled));
          if (t.value.records.length < size) throw new Error(`${factory.id}: loaded ${t.value.records.length} of ${size} records`);
          loads.push(t.ms);
        }
        figures.push(figure(`${base}.resume_${size}`, `${factory.label}: load (resume) a ${size.toLocaleString('en')}-message session`, 'ms', loads, { group: 'sessions' }));
      }
      const createStart = Date.now();
      for (let i = 0; i < listCount; i += 1) await store.create({ title: `s${i}` });
      log(`sessions: ${factory.id} created ${listCount} sessions in ${Date.now() - createStart} ms`);
      const lists = [];
      for (let i = 0; i < 3; i += 1) {
        const t = await timeMs(() => store.list({ limit: listCount + 100 }));
        lists.push(t.ms);
      }
      figures.push(figure(`${base}.list_${listCount}`, `${factory.label}: list with ${listCount.toLocaleString('en')}+ sessions stored`, 'ms', lists, { group: 'sessions' }));
      log(`sessions: ${factory.id} done (median list ${median(lists).toFixed(1)} ms)`);
    } catch (error) {
      figures.push(notMeasured(`${base}.error`, `${factory.label}: remaining figures`, 'ms', `failed: ${String(error.message).slice(0, 200)}`));
    } finally {
      await opened.cleanup().catch(() => {});
    }
  }
  return { raw: {}, figures };
}
