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
      if (factory.id === 'jsonl-batch') await store.flush();
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
