// @warden/providers: SSE parser throughput on a large recorded stream, transport overhead
// per request against a bare undici.request loop on the same server, and one request per
// vendor adapter (OpenAI, Anthropic, Gemini; JSON and SSE) against the vendor-shaped fake.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { userMessage } from '@warden/protocol';
import { anthropic, gemini, openaiCompatible } from '@warden/providers';
import { SseParser, createHttpTransport } from '@warden/providers/transport';
import { openaiSse } from '@warden/test-servers/bench';
import { ADD_SCHEMA, API_KEY, MODEL, TASK } from '../drivers/task.mjs';
import { spawnFakeServer } from '../fake-server/spawn-server.mjs';
import { figure } from '../lib/figure.mjs';
import { median, round } from '../lib/stats.mjs';

/** ~`megabytes` of a recorded OpenAI stream: many small text-delta events and tool-call events. */
export function recordedStream(megabytes) {
  const one = openaiSse(3, false) + openaiSse(4, true).replace('data: [DONE]\n\n', '');
  const copies = Math.ceil((megabytes * 1e6) / one.length);
  return Buffer.from(one.repeat(copies) + 'data: [DONE]\n\n');
}

function parserThroughput(bytes, chunkSize) {
  const start = performance.now();
  const parser = new SseParser();
  let events = 0;
  for (let at = 0; at < bytes.length; at += chunkSize) events += parser.push(bytes.subarray(at, at + chunkSize)).length;
  events += parser.end().length;
  const seconds = (performance.now() - start) / 1000;
  return { mbPerSecond: bytes.length / 1e6 / seconds, events };
}

async function bareEcho(url, n) {
  const start = performance.now();
  for (let i = 0; i < n; i += 1) {
    const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` }, body: '{"ping":1}' });
    await res.body.json();
  }
  return ((performance.now() - start) * 1000) / n;
}

async function transportEcho(transport, url, n) {
  const start = performance.now();
  for (let i = 0; i < n; i += 1) await transport.postJson({ url, headers: { authorization: `Bearer ${API_KEY}` }, body: { ping: 1 } });
  return ((performance.now() - start) * 1000) / n;
}

const MODEL_REQUEST = {
  messages: [userMessage(TASK)],
  tools: [{ name: 'add', description: 'Adds two numbers.', inputSchema: ADD_SCHEMA }],
};

async function providerCall(provider, stream, n) {
  const start = performance.now();
  for (let i = 0; i < n; i += 1) {
    if (!stream) {
      const r = await provider.complete(MODEL_REQUEST);
      if (r.message.parts.length === 0) throw new Error('empty response');
    } else {
      let finished = false;
      for await (const part of provider.stream(MODEL_REQUEST)) if (part.type === 'finish') finished = true;
      if (!finished) throw new Error('stream without finish');
    }
  }
  return ((performance.now() - start) * 1000) / n;
}

export async function runProvidersSuite({ quick, log }) {
  const figures = [];
  const raw = {};
  const bytes = recordedStream(quick ? 4 : 16);
  const parserRuns = [];
  parserThroughput(bytes, 64 * 1024); // warm
  for (let i = 0; i < (quick ? 3 : 7); i += 1) parserRuns.push(parserThroughput(bytes, 64 * 1024).mbPerSecond);
  figures.push(figure('providers.sse_parser', `SseParser throughput, ${round(bytes.length / 1e6, 1)} MB recorded OpenAI stream in 64 KiB chunks`, 'MB/s', parserRuns, { group: 'providers' }));
  const smallChunks = [];
  for (let i = 0; i < 3; i += 1) smallChunks.push(parserThroughput(bytes.subarray(0, 4e6), 256).mbPerSecond);
  figures.push(figure('providers.sse_parser_small_chunks', 'SseParser throughput, 4 MB in 256-byte chunks', 'MB/s', smallChunks, { group: 'providers' }));
  log('providers: parser done');

  const server = await spawnFakeServer();
  try {
    const echo = `${server.origin}/echo`;
    const transport = createHttpTransport({ provider: 'bench' });
    const batch = quick ? 200 : 500;
    const rounds = quick ? 3 : 9;
    await bareEcho(echo, batch);
    await transportEcho(transport, echo, batch);
    const bare = [];
    const viaTransport = [];
    for (let r = 0; r < rounds; r += 1) {
      // Alternate which goes first so a slow moment on the shared machine hits both alike.
      if (r % 2 === 0) {
        bare.push(await bareEcho(echo, batch));
        viaTransport.push(await transportEcho(transport, echo, batch));
      } else {
        viaTransport.push(await transportEcho(transport, echo, batch));
        bare.push(await bareEcho(echo, batch));
      }
    }
    const overhead = viaTransport.map((t, i) => t - bare[i]);
    raw.transport = { bare, viaTransport };
    figures.push(figure('providers.bare_request', `bare undici.request + body.json(), tiny JSON (batches of ${batch})`, 'µs/request', bare, { group: 'providers' }));
    figures.push(figure('providers.transport_request', 'createHttpTransport().postJson, same request', 'µs/request', viaTransport, { group: 'providers', ratio: round(median(viaTransport) / median(bare), 3) }));
    figures.push(figure('providers.transport_overhead', 'transport overhead per request (paired batches: transport − bare)', 'ms/request', overhead.map((v) => v / 1000), { group: 'providers' }));
    log('providers: transport done');

    const T = 1000; // the first answer is a tool call; the conversation never ends here
    const vendors = [
      ['openai', openaiCompatible({ baseURL: `${server.origin}/s/${T}/v1`, model: MODEL, apiKey: API_KEY, local: true })],
      ['anthropic', anthropic({ baseURL: `${server.origin}/s/${T}`, model: MODEL, apiKey: API_KEY })],
      ['gemini', gemini({ baseURL: `${server.origin}/s/${T}/v1beta`, model: MODEL, apiKey: API_KEY })],
    ];
    const n = quick ? 50 : 200;
    for (const [name, provider] of vendors) {
      for (const stream of [false, true]) {
        await providerCall(provider, stream, 20);
        const samples = [];
        for (let r = 0; r < (quick ? 3 : 5); r += 1) samples.push(await providerCall(provider, stream, n));
        figures.push(figure(`providers.${name}.${stream ? 'stream' : 'complete'}`, `${name} adapter ${stream ? 'stream()' : 'complete()'}: one tool-call answer, full round trip`, 'µs/request', samples, { group: 'providers' }));
      }
    }
    log('providers: vendors done');
  } finally {
    await server.stop();
  }
  return { raw, figures };
}
