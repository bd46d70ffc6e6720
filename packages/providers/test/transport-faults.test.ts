import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage, type ProviderNotice, type StreamPart } from '@warden/protocol';
import { AuthError, RateLimitError, TimeoutError, UnavailableError, openaiCompatible } from '../src/index.js';
import { CircuitBreaker, type TransportOptions } from '../src/transport.js';
import { FAKE_KEY, fixtureJson, hang, json, resetMidBody, sse, ssePayload, startServer, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * Every error and notice a test sees is checked for the key where it is seen, so each test
 * holds the rule on its own (run alone, reordered or filtered) instead of a last test reading
 * what earlier ones collected.
 */
function expectNoKey(item: unknown): void {
  const text = item instanceof Error ? `${item.message} ${JSON.stringify(item)} ${(item as { hint?: string }).hint ?? ''}` : JSON.stringify(item);
  expect(text).not.toContain(FAKE_KEY);
  expect(text).not.toContain('FAKEKEY');
  expect(text).not.toContain('DONOTLEAK');
}
const OK = fixtureJson('openai/chat-tool-call.json');
const request = { messages: [userMessage('hello')] };

function setup(transport: Partial<Omit<TransportOptions, 'provider'>> = {}) {
  const waits: number[] = [];
  const notices: ProviderNotice[] = [];
  const provider = openaiCompatible({
    id: 'testhost',
    baseURL: server.url,
    apiKey: FAKE_KEY,
    model: 'm',
    transport: { sleep: async (ms) => void waits.push(ms), random: () => 0.5, timeoutMs: 2000, idleTimeoutMs: 2000, ...transport },
  });
  const onNotice = (n: ProviderNotice): void => {
    expectNoKey(n);
    notices.push(n);
  };
  return { provider, waits, notices, onNotice };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expectNoKey(error);
    if (ProviderError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function drain(stream: AsyncIterable<StreamPart>, parts: StreamPart[] = []): Promise<StreamPart[]> {
  for await (const part of stream) parts.push(part);
  return parts;
}

function served(): number {
  return server.requests.length;
}

describe('transport faults', () => {
  const NOW = Date.parse('2026-03-01T12:00:00Z');
  it.each<[string, Record<string, string>, number]>([
    ['retry-after seconds', { 'retry-after': '2' }, 2000],
    ['retry-after HTTP date', { 'retry-after': new Date(NOW + 7000).toUTCString() }, 7000],
    ['retry-after-ms', { 'retry-after-ms': '350' }, 350],
    ['x-ratelimit-reset-*', { 'x-ratelimit-reset-requests': '1.5s', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-tokens': '3m0s' }, 1500],
  ])('429 with %s waits what the server asked, then succeeds', async (_name, headers, wait) => {
    server.reply(json(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, headers), json(200, OK));
    const { provider, waits, notices, onNotice } = setup({ now: () => NOW });
    const before = served();
    const response = await provider.complete(request, { onNotice });
    expect(response.finishReason).toBe('tool_calls');
    expect(served() - before).toBe(2);
    expect(waits).toEqual([wait]);
    expect(notices).toEqual([{ type: 'retry', provider: 'testhost', attempt: 1, delayMs: wait, reason: 'provider.rate_limited (HTTP 429)', code: 'provider.rate_limited', status: 429 }]);
    expect(provider.health()).toMatchObject({ attempts: 2, retries: 1, rateLimited: 1, successes: 1 });
  });

  it('fails at once when Retry-After is past the ceiling, so a fallback can take over', async () => {
    server.reply(json(429, { error: { message: 'slow down' } }, { 'retry-after': '120', 'x-request-id': 'req_429' }));
    const { provider, waits } = setup({ retry: { maxRetryAfterMs: 5000 } });
    const before = served();
    const error = await failure(provider.complete(request));
    expect(served() - before).toBe(1);
    expect(waits).toEqual([]);
    expect(error).toMatchObject({ code: 'provider.rate_limited', status: 429, retryable: true, retryAfterMs: 120_000, attempts: 1, requestId: 'req_429' });
    expect(RateLimitError.isInstance(error)).toBe(true);
  });

  it('does not retry a 429 for an exhausted quota', async () => {
    server.reply(json(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } }));
    const { provider } = setup();
    const error = await failure(provider.complete(request));
    expect(error).toMatchObject({ code: 'provider.rate_limited', retryable: false, attempts: 1 });
  });

  it('gives up a 503 storm after maxRetries with jittered backoff; the breaker counts failed calls, opens, and later probes once', async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 30_000, now: () => now });
    server.reply(json(503, { error: { message: 'upstream unavailable' } }));
    const { provider, waits } = setup({ breaker, retry: { maxRetries: 3, baseDelayMs: 100 } });
    const before = served();
    const first = await failure(provider.complete(request));
    expect(first).toMatchObject({ code: 'provider.unavailable', status: 503, retryable: true, attempts: 4 });
    expect(first).toBeInstanceOf(UnavailableError);
    expect(waits).toEqual([50, 100, 200]);
    expect(served() - before).toBe(4);
    // Four failed attempts are one failed call.
    expect(provider.health()).toMatchObject({ breaker: 'closed', consecutiveFailures: 1 });

    const second = await failure(provider.complete(request));
    expect(second).toMatchObject({ code: 'provider.unavailable', attempts: 4 });
    expect(served() - before).toBe(8);
    expect(provider.health()).toMatchObject({ breaker: 'open', consecutiveFailures: 2 });
    const third = await failure(provider.complete(request));
    expect(third).toMatchObject({ code: 'provider.circuit_open', attempts: 0, retryAfterMs: 30_000 });
    expect(served() - before).toBe(8);
    expect(provider.health()).toMatchObject({ breaker: 'open', circuitRejections: 1, failures: 3 });

    // The probe is one attempt: when it fails, the circuit re-opens at once instead of retrying.
    now = 30_000;
    const probe = await failure(provider.complete(request));
    expect(probe).toMatchObject({ code: 'provider.circuit_open', attempts: 1 });
    expect(served() - before).toBe(9);
    expect(breaker.state).toBe('open');

    now = 60_000;
    server.reply(json(200, OK));
    await provider.complete(request);
    expect(provider.health().breaker).toBe('closed');
  });

  it('a call that succeeds on a retry counts as a success, whatever failed before it', async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1 });
    const { provider } = setup({ breaker, retry: { maxRetries: 3 } });
    for (let i = 0; i < 3; i += 1) {
      server.reply(json(503, { error: { message: 'blip' } }), json(503, { error: { message: 'blip' } }), json(200, OK));
      await provider.complete(request);
      expect(provider.health()).toMatchObject({ breaker: 'closed', consecutiveFailures: 0 });
    }
  });

  it('never retries nor counts a non-retryable 4xx', async () => {
    server.reply(json(400, { error: { message: "Invalid value for 'tools'", type: 'invalid_request_error', code: null } }));
    const { provider, waits } = setup({ breaker: { failureThreshold: 2 } });
    const before = served();
    for (let i = 0; i < 3; i += 1) {
      expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.bad_request', status: 400, retryable: false, attempts: 1 });
    }
    expect(served() - before).toBe(3);
    expect(waits).toEqual([]);
    expect(provider.health()).toMatchObject({ breaker: 'closed', consecutiveFailures: 0 });
  });

  it('maps context-length and content-filter refusals', async () => {
    server.reply(json(400, { error: { message: "This model's maximum context length is 128000 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' } }));
    const { provider } = setup();
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.context_length', retryable: false });
    server.reply(json(400, { error: { message: 'Your request was rejected by our safety system', code: 'content_policy_violation' } }));
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.content_filter' });
  });

  it('retries a connection reset in the middle of the body', async () => {
    server.reply(resetMidBody(), json(200, OK));
    const { provider, notices, onNotice } = setup();
    const before = served();
    await provider.complete(request, { onNotice });
    expect(served() - before).toBe(2);
    expect(notices[0]).toMatchObject({ type: 'retry', reason: 'provider.network' });
  });

  it('reports malformed JSON as bad_response without retrying', async () => {
    server.reply(json(200, '{"id": "chatcmpl-1", "choices": [ {"mess'));
    const { provider } = setup();
    const before = served();
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.bad_response', retryable: false, attempts: 1 });
    expect(served() - before).toBe(1);
    server.reply(sse('data: {"choices":[{"delta":{"content":"hi"}}]}\n\ndata: {not json}\n\n'));
    expect(await failure(drain(provider.stream(request)))).toMatchObject({ code: 'provider.bad_response' });
  });

  it('times out a hung server and retries it', async () => {
    server.reply(hang());
    const { provider } = setup({ timeoutMs: 150, retry: { maxRetries: 1 } });
    const error = await failure(provider.complete(request));
    expect(error).toMatchObject({ code: 'provider.timeout', retryable: true, attempts: 2 });
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(provider.health()).toMatchObject({ timeouts: 2, attempts: 2 });
  });

  const chunk = (content: string): { data: unknown } => ({ data: { id: 'c1', choices: [{ index: 0, delta: { content }, finish_reason: null }] } });
  const roleChunk = { data: { id: 'c1', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } };
  const tail = [{ data: { id: 'c1', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } }, { data: { id: 'c1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } } }, { data: '[DONE]' }];

  it('raises a stream cut after its first tokens without replaying it', async () => {
    const head = ssePayload([roleChunk, chunk('one '), chunk('two ')]);
    server.reply(sse(head + ssePayload([chunk('three'), ...tail]), { cutAfterBytes: Buffer.byteLength(head) }));
    const { provider, waits } = setup();
    const before = served();
    const parts: StreamPart[] = [];
    const error = await failure(drain(provider.stream(request), parts));
    expect(error).toMatchObject({ code: 'provider.network', attempts: 1 });
    expect(parts).toEqual([
      { type: 'text_delta', text: 'one ' },
      { type: 'text_delta', text: 'two ' },
    ]);
    expect(served() - before).toBe(1);
    expect(waits).toEqual([]);
  });

  it('retries a stream that fails before its first token', async () => {
    const head = ssePayload([roleChunk]);
    server.reply(sse(head + ssePayload([chunk('x')]), { cutAfterBytes: Buffer.byteLength(head) + 10 }), sse(ssePayload([roleChunk, chunk('hello'), ...tail])));
    const { provider, notices, onNotice } = setup();
    const before = served();
    const parts = await drain(provider.stream(request, { onNotice }));
    expect(served() - before).toBe(2);
    expect(notices).toHaveLength(1);
    expect(parts.map((p) => p.type)).toEqual(['text_delta', 'finish']);
  });

  it('cancels a request, a retry wait and a stream with the AbortSignal', async () => {
    server.reply(hang());
    const { provider } = setup();
    const controller = new AbortController();
    const pending = failure(provider.complete(request, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({ code: 'provider.aborted', retryable: false });

    server.reply(json(503, {}, { 'retry-after': '30' }));
    const waiting = openaiCompatible({ id: 'testhost', baseURL: server.url, apiKey: FAKE_KEY, model: 'm' });
    const waitController = new AbortController();
    const inWait = failure(waiting.complete(request, { signal: waitController.signal, onNotice: () => waitController.abort() }));
    expect(await inWait).toMatchObject({ code: 'provider.aborted' });

    server.reply(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(ssePayload([chunk('first')]));
    });
    const streamController = new AbortController();
    const parts: StreamPart[] = [];
    const streaming = failure(
      (async () => {
        for await (const part of provider.stream(request, { signal: streamController.signal })) {
          parts.push(part);
          streamController.abort();
        }
      })(),
    );
    expect(await streaming).toMatchObject({ code: 'provider.aborted' });
    expect(parts).toHaveLength(1);
  });

  it('keeps the key out of errors even when the vendor echoes it', async () => {
    const masked = `${FAKE_KEY.slice(0, 8)}*****${FAKE_KEY.slice(-4)}`;
    server.reply(json(401, { error: { message: `Incorrect API key provided: ${FAKE_KEY}. Also seen as ${masked}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
    const { provider } = setup();
    const error = await failure(provider.complete(request));
    expect(error.code).toBe('provider.auth');
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.message).toContain('[redacted]');
  });

});


describe('stream timeouts and early exits', () => {
  it('raises a stream that goes silent after its first token as a timeout, without retrying', async () => {
    server.reply(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(ssePayload([{ data: { id: 'c', choices: [{ index: 0, delta: { content: 'tok' }, finish_reason: null }] } }]));
    });
    const { provider } = setup({ idleTimeoutMs: 150 });
    const before = served();
    const parts: StreamPart[] = [];
    const error = await failure(drain(provider.stream(request), parts));
    expect(error).toMatchObject({ code: 'provider.timeout', attempts: 1 });
    expect(parts).toEqual([{ type: 'text_delta', text: 'tok' }]);
    expect(served() - before).toBe(1);
  });

  it('a half-open probe abandoned by its consumer does not wedge the breaker', async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 10, now: () => now });
    server.reply(json(500, {}));
    const { provider } = setup({ breaker, retry: { maxRetries: 0 } });
    await failure(provider.complete(request));
    expect(breaker.state).toBe('open');
    now = 10;
    server.reply(sse(ssePayload([{ data: { id: 'c', choices: [{ index: 0, delta: { content: 'a' }, finish_reason: null }] } }, { data: { id: 'c', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } }, { data: '[DONE]' }])));
    for await (const part of provider.stream(request)) {
      expect(part.type).toBe('text_delta');
      break;
    }
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });
});
