// The physical floor of a durable harness: the bare undici.request loop plus the write-ahead
// minimum per tool step — the call appended to a journal file and fdatasync'd before the tool
// runs, then its result appended and fdatasync'd — through one descriptor kept open. A harness
// that stores every step durably cannot do less disk work per step; the harness rows are compared
// with this one (`floorRatio`).
import { closeSync, fdatasync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { HEADERS, bareLoop, createSseAccumulator, messageOfJson } from './bare-openai-loop.mjs';
import { openaiBase } from './task.mjs';

async function post(url, body, stream) {
  const res = await request(url, { method: 'POST', headers: HEADERS, body });
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  if (!stream) return messageOfJson(await res.body.json());
  const acc = createSseAccumulator();
  for await (const chunk of res.body) acc.push(chunk);
  return acc.end();
}

export async function create({ origin, toolSteps, stream }) {
  const url = `${openaiBase(origin, toolSteps)}/chat/completions`;
  const dir = mkdtempSync(path.join(tmpdir(), 'warden-bench-floor-'));
  let fd;
  let runs = 0;
  const journal = (record) => {
    writeSync(fd, `${JSON.stringify(record)}\n`);
    return new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
  };
  return {
    async run() {
      // One journal file per run, as a harness has one session file per run.
      fd = openSync(path.join(dir, `run-${(runs += 1)}.jsonl`), 'a');
      try {
        return await bareLoop(url, stream, post, journal);
      } finally {
        closeSync(fd);
      }
    },
  };
}
