import { createServer, type Server } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage } from '@warden/protocol';
import { gemini, openai } from '../src/index.js';
import type { RetryEvent } from '../src/transport.js';
import { FAKE_KEY, fixtureJson, json, startServer, testTransport, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ask = { messages: [userMessage('hi')] };
const geminiAnswer = fixtureJson('gemini/step3-final.json');
const openaiAnswer = fixtureJson('openai/chat-tool-call.json');

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (ProviderError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const quotaBody = (delay: unknown) => ({
  error: {
    code: 429,
    status: 'RESOURCE_EXHAUSTED',
    message: 'Quota exceeded for metric generate_content_requests.',
    details: [
      { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay },
    ],
  },
});

describe('retry hints in bodies and headers', () => {
  it("Gemini's RetryInfo.retryDelay is the wait, and onRetry hears each retry", async () => {
    const events: RetryEvent[] = [];
    const { transport, waits } = testTransport({ onRetry: (e: RetryEvent) => events.push(e) });
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, transport });
    server.reply(json(429, quotaBody('7s')), json(429, quotaBody({ seconds: 1, nanos: 500_000_000 })), json(200, geminiAnswer));
    await provider.complete(ask);
    expect(waits).toEqual([7000, 1500]);
    expect(events.map((e) => [e.attempt, e.delayMs, e.reason, e.error.code])).toEqual([
      [1, 7000, 'provider.rate_limited (HTTP 429)', 'provider.rate_limited'],
      [2, 1500, 'provider.rate_limited (HTTP 429)', 'provider.rate_limited'],
    ]);
  });

  it('x-should-retry: true retries what would not be retried, false forbids a retry', async () => {
    const forced = testTransport();
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, ...forced });
    server.reply(json(400, { error: { message: 'try again' } }, { 'x-should-retry': 'true' }), json(200, openaiAnswer));
    const before = server.requests.length;
    await provider.complete(ask);
    expect(server.requests.length - before).toBe(2);
    expect(forced.waits).toHaveLength(1);

    const forbidden = testTransport();
    const strict = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, ...forbidden });
    server.reply(json(503, { error: { message: 'down' } }, { 'x-should-retry': 'false' }), json(200, openaiAnswer));
    const error = await failure(strict.complete(ask));
    expect(error).toMatchObject({ code: 'provider.unavailable', retryable: false, attempts: 1 });
    expect(forbidden.waits).toEqual([]);
  });

  it('a wait past maxRetryAfterMs fails at once, saying so', async () => {
    const { transport, waits } = testTransport({ retry: { maxRetryAfterMs: 30_000 } });
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, transport });
    server.reply(json(429, { error: { message: 'slow down' } }, { 'retry-after': '120' }), json(200, openaiAnswer));
    const before = server.requests.length;
    const error = await failure(provider.complete(ask));
    expect(server.requests.length - before).toBe(1);
    expect(waits).toEqual([]);
    expect(error).toMatchObject({ code: 'provider.rate_limited', retryable: true, retryAfterMs: 120_000, attempts: 1 });
    expect(error.message).toContain('more than maxRetryAfterMs (30000 ms)');
  });
});

describe('a cool-down shared by the calls of one provider', () => {
  /** Runs call A into a 429 and starts call B while A waits; returns what happened, in order. */
  async function race(shared: boolean): Promise<string[]> {
    const log: string[] = [];
    let startB: (() => void) | undefined;
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transport = {
      now: () => 1_000,
      random: () => 0.5,
      sharedCoolDown: shared,
      sleep: async (ms: number) => {
        log.push(`sleep ${ms}`);
        if (startB) {
          const go = startB;
          startB = undefined;
          go();
          // B either waits too (and releases A from its own sleep) or goes straight to the server.
          await released;
        } else release?.();
      },
    };
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, transport });
    const logged = (label: string, next: Reply): Reply => (req, res) => {
      log.push(label);
      return next(req, res);
    };
    server.reply(logged('429', json(429, { error: { message: 'rate' } }, { 'retry-after': '5' })), logged('200', json(200, openaiAnswer)));
    let b: Promise<unknown> | undefined;
    startB = () => {
      b = provider.complete(ask).then(() => release?.());
    };
    await provider.complete(ask);
    await b;
    return log;
  }

  it('after a 429 the call beside it waits out the same deadline before its first attempt', async () => {
    expect(await race(true)).toEqual(['429', 'sleep 5000', 'sleep 5000', '200', '200']);
  });

  it('sharedCoolDown: false lets the other call go at once', async () => {
    expect(await race(false)).toEqual(['429', 'sleep 5000', '200', '200']);
  });
});

describe('maxConcurrency', () => {
  it('caps the attempts in flight; the rest queue in order', async () => {
    const held: ServerResponse[] = [];
    let arrived: (() => void) | undefined;
    let inFlight = 0;
    let most = 0;
    const body = JSON.stringify(openaiAnswer);
    server.reply((_req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      held.push(res);
      arrived?.();
    });
    const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));
    const answer = (res: ServerResponse) => {
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    };
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, transport: { ...testTransport().transport, maxConcurrency: 2 } });
    let arrival = nextArrival();
    const calls = Array.from({ length: 5 }, () => provider.complete(ask));
    while (held.length < 2) {
      await arrival;
      arrival = nextArrival();
    }
    expect(provider.health()).toMatchObject({ inFlight: 2, queued: 3 });
    // Each answer lets exactly one queued call in.
    for (let served = 0; served < 5; served += 1) {
      answer(held.shift() as ServerResponse);
      if (served < 3) {
        await arrival;
        arrival = nextArrival();
      }
    }
    await Promise.all(calls);
    expect(most).toBe(2);
    expect(provider.health()).toMatchObject({ inFlight: 0, queued: 0, successes: 5 });
  });
});

describe('per-attempt and connect timeouts', () => {
  it('attemptTimeoutMs ends an attempt whose body trickles on and on', async () => {
    let timer: NodeJS.Timeout | undefined;
    server.reply((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      timer = setInterval(() => res.write(': keep-alive\n\n'), 10);
      res.on('close', () => clearInterval(timer));
    });
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, transport: { ...testTransport().transport, attemptTimeoutMs: 100, retry: { maxRetries: 0 } } });
    const error = await failure((async () => {
      for await (const _part of provider.stream(ask)) void _part;
    })());
    clearInterval(timer);
    expect(error).toMatchObject({ code: 'provider.timeout', retryable: true });
    expect(error.message).toContain('ran past 100 ms');
  });

  it('connectTimeoutMs ends a connection that never completes its TLS handshake', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: `https://127.0.0.1:${port}`, transport: { connectTimeoutMs: 100, retry: { maxRetries: 0 } } });
      const error = await failure(provider.complete(ask));
      expect(error).toMatchObject({ code: 'provider.timeout', retryable: true, attempts: 1 });
      expect(error.message).toContain(`could not connect to https://127.0.0.1:${port}/chat/completions within 100 ms`);
    } finally {
      silent.close();
    }
  });
});
