import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage, type ProviderV1, type StreamPart } from '@warden/protocol';
import { anthropic, fallback, openaiCompatible } from '../src/index.js';
import { recording, replay } from '../src/record-replay.js';
import { CircuitBreaker, type TransportOptions } from '../src/transport.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = await mkdtemp(join(tmpdir(), 'warden-early-stop-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const request = { messages: [userMessage('hello')] };
const OVERLOADED = json(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });

function provider(transport: Partial<Omit<TransportOptions, 'provider'>> = {}) {
  return openaiCompatible({ id: 'testhost', baseURL: server.url, apiKey: FAKE_KEY, model: 'm', transport: { ...testTransport().transport, ...transport } });
}

/** What the agent loop does: read until the `finish` part, then stop (the generator is returned, not drained). */
async function untilFinish(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of stream) {
    parts.push(part);
    if (part.type === 'finish') break;
  }
  return parts;
}

describe('a consumer that stops at the finish part', () => {
  it.each(['streamed', 'unstreamed'] as const)('six steps with one 529 each all complete (%s), and each counts as a success', async (mode) => {
    const p = provider({ breaker: new CircuitBreaker({ failureThreshold: 5 }) });
    for (let step = 1; step <= 6; step++) {
      server.reply(OVERLOADED, mode === 'streamed' ? sse(fixture('openai/chat-stream-tool-call.sse')) : json(200, fixtureJson('openai/chat-tool-call.json')));
      if (mode === 'streamed') {
        const parts = await untilFinish(p.stream(request));
        expect(parts.at(-1)?.type).toBe('finish');
      } else {
        await p.complete(request);
      }
    }
    expect(p.health()).toMatchObject({ breaker: 'closed', consecutiveFailures: 0, successes: 6, failures: 0, retries: 6 });
  });

  it('a streamed success resets the breaker between failed calls (threshold 2)', async () => {
    const p = provider({ breaker: new CircuitBreaker({ failureThreshold: 2 }), retry: { maxRetries: 0 } });
    for (let round = 0; round < 4; round++) {
      server.reply(OVERLOADED);
      await expect(untilFinish(p.stream(request))).rejects.toMatchObject({ code: 'provider.overloaded' });
      server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
      const parts = await untilFinish(p.stream(request));
      expect(parts.at(-1)?.type).toBe('finish');
      expect(p.health()).toMatchObject({ breaker: 'closed', consecutiveFailures: 0 });
    }
    expect(p.health()).toMatchObject({ successes: 4, failures: 4 });
  });

  it('a half-open probe that streams to its finish closes the breaker even when the consumer stops there', async () => {
    let now = 1_000;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 10, now: () => now });
    const p = provider({ breaker, retry: { maxRetries: 0 } });
    server.reply(OVERLOADED);
    await expect(p.complete(request)).rejects.toMatchObject({ code: 'provider.overloaded' });
    expect(breaker.state).toBe('open');
    now += 20;
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    await untilFinish(p.stream(request));
    expect(breaker.state).toBe('closed');
  });

  it('recording() writes a streamed exchange the consumer left at finish, and replay serves it', async () => {
    const file = join(dir, 'early.jsonl');
    server.reply(sse(fixture('anthropic/stream-thinking-tool.sse')));
    const live = recording(anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() }), file);
    const streamed = await untilFinish(live.stream(request));
    const text = await readFile(file, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).not.toContain('FAKEKEY');
    const offline = replay(file, { id: 'anthropic', model: 'claude-sonnet-4-0' });
    expect(await untilFinish(offline.stream(request))).toEqual(streamed);
  });

  it('recording() still records a stream the consumer drains to its end, once', async () => {
    const file = join(dir, 'drained.jsonl');
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    const live = recording(provider(), file);
    const parts: StreamPart[] = [];
    for await (const part of live.stream(request)) parts.push(part);
    expect(parts.at(-1)?.type).toBe('finish');
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('a fallback chain and a recording stacked on the transport keep the bookkeeping when stopped at finish', async () => {
    const file = join(dir, 'stacked.jsonl');
    const inner = provider({ breaker: new CircuitBreaker({ failureThreshold: 2 }), retry: { maxRetries: 0 } });
    const stacked: ProviderV1 = recording(fallback([inner]), file);
    for (let round = 0; round < 3; round++) {
      server.reply(OVERLOADED);
      await expect(untilFinish(stacked.stream(request))).rejects.toMatchObject({ code: 'provider.overloaded' });
      server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
      await untilFinish(stacked.stream(request));
    }
    expect(inner.health()).toMatchObject({ breaker: 'closed', successes: 3, failures: 3 });
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(6);
  });

  it('a consumer that stops before finish counts neither a success nor a failure', async () => {
    const p = provider({ breaker: new CircuitBreaker({ failureThreshold: 1 }) });
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    for await (const part of p.stream(request)) {
      expect(part.type).not.toBe('finish');
      break;
    }
    expect(p.health()).toMatchObject({ breaker: 'closed', successes: 0, failures: 0 });
  });
});
