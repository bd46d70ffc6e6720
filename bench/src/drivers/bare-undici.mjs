// Bare limit, reference: the hand-built loop over undici.request (Warden's transport is built on it).
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
  return { run: () => bareLoop(url, stream, post) };
}
