// Bare limit over the global fetch (Node's bundled undici + WHATWG streams).
import { HEADERS, bareLoop, createSseAccumulator, messageOfJson } from './bare-openai-loop.mjs';
import { openaiBase } from './task.mjs';

async function post(url, body, stream) {
  const res = await globalThis.fetch(url, { method: 'POST', headers: HEADERS, body });
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  if (!stream) return messageOfJson(await res.json());
  const acc = createSseAccumulator();
  for await (const chunk of res.body) acc.push(chunk);
  return acc.end();
}

export async function create({ origin, toolSteps, stream }) {
  const url = `${openaiBase(origin, toolSteps)}/chat/completions`;
  return { run: () => bareLoop(url, stream, post) };
}
