// Bare limit over node:http with a keep-alive agent.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { HEADERS, bareLoop, createSseAccumulator, messageOfJson } from './bare-openai-loop.mjs';
import { openaiBase } from './task.mjs';

const agent = new http.Agent({ keepAlive: true });

function post(url, body, stream) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...HEADERS, 'content-length': Buffer.byteLength(body) } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`status ${res.statusCode}`));
        return;
      }
      if (stream) {
        const acc = createSseAccumulator();
        res.on('data', (chunk) => acc.push(chunk));
        res.on('end', () => resolve(acc.end()));
      } else {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(messageOfJson(JSON.parse(Buffer.concat(chunks).toString('utf8')))));
      }
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function create({ origin, toolSteps, stream }) {
  const url = `${openaiBase(origin, toolSteps)}/chat/completions`;
  return { run: () => bareLoop(url, stream, post) };
}
