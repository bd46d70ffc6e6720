import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage, type ProviderNotice, type StreamPart } from '@warden/protocol';
import { bedrockRuntime, eventStreamReply, frame } from '@warden/test-servers';
import { azureOpenAI, bedrock, openaiResponses, vertexGemini, type HttpProvider } from '../src/index.js';
import { CircuitBreaker, type TransportOptions } from '../src/transport.js';
import { AWS_CREDENTIALS, converseBody, converseStream } from './helpers/bedrock-bodies.js';
import { messageItem, responseObject, responsesStream } from './helpers/responses-server.js';
import { FAKE_KEY, hang, json, resetMidBody, sse, ssePayload, startServer, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type Transport = Partial<Omit<TransportOptions, 'provider'>>;

/** What each platform needs for the shared fault scenarios: a provider, a good answer, a stream and its first part's bytes. */
interface Platform {
  name: string;
  make(transport: Transport): HttpProvider;
  ok(): Reply;
  /** A whole stream answering "one two", and how many bytes hold exactly its first text part. */
  stream(): { bytes: Uint8Array; firstPartBytes: number; serve(options: { cutAfterBytes?: number }): Reply };
}

const text = 'one two';
const responsesAnswer = responseObject([messageItem('m', text)]);
const responsesPayload = responsesStream(responsesAnswer, { pieces: 2 });
const azureChunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ data: { id: 'c', choices: [{ index: 0, delta, finish_reason: finish }] } });
const azurePayload = ssePayload([azureChunk({ role: 'assistant', content: 'one ' }), azureChunk({ content: 'two' }), azureChunk({}, 'stop'), { data: '[DONE]' }]);
const geminiChunk = (text: string, finishReason?: string) => ({ data: { candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2 } } });
const vertexPayload = ssePayload([geminiChunk('one '), geminiChunk('two', 'STOP')]);
const bedrockBytes = converseStream([{ text }], 'end_turn');
const bedrockSigned = (next: Reply): Reply => bedrockRuntime(() => server, { credentials: AWS_CREDENTIALS, region: 'us-east-1' }, next);

/** The bytes of `payload` up to the end of the SSE event holding `marker`. */
const throughEventWith = (payload: string, marker: string): number => Buffer.byteLength(payload.slice(0, payload.indexOf('\n\n', payload.indexOf(marker)) + 2));

const PLATFORMS: Platform[] = [
  {
    name: 'openai-responses',
    make: (transport) => openaiResponses({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, transport }),
    ok: () => json(200, responsesAnswer),
    stream: () => ({
      bytes: Buffer.from(responsesPayload),
      firstPartBytes: throughEventWith(responsesPayload, '"delta":"one "'),
      serve: (options) => sse(responsesPayload, options),
    }),
  },
  {
    name: 'azure-openai',
    make: (transport) => azureOpenAI({ baseURL: server.url, deployment: 'd', apiVersion: '2024-10-21', apiKey: FAKE_KEY, model: 'gpt-4o', transport }),
    ok: () => json(200, { id: 'c', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 2 } }),
    stream: () => ({ bytes: Buffer.from(azurePayload), firstPartBytes: Buffer.byteLength(ssePayload([azureChunk({ role: 'assistant', content: 'one ' })])), serve: (options) => sse(azurePayload, options) }),
  },
  {
    name: 'bedrock',
    make: (transport) => bedrock({ model: 'meta.llama3-3-70b-instruct-v1:0', baseURL: server.url, region: 'us-east-1', credentials: AWS_CREDENTIALS, transport }),
    ok: () => bedrockSigned(json(200, converseBody([{ text }], 'end_turn'))),
    stream: () => ({
      bytes: bedrockBytes,
      firstPartBytes: frame('event', 'messageStart', { role: 'assistant', p: 'abcdefgh' }).length + frame('event', 'contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'one ' }, p: 'abcd' }).length,
      serve: (options) => bedrockSigned(eventStreamReply(bedrockBytes, options)),
    }),
  },
  {
    name: 'vertex',
    make: (transport) => vertexGemini({ project: 'p', location: 'us-central1', model: 'gemini-2.5-flash', baseURL: server.url, token: () => 'ya29.fake-token-0000', transport }),
    ok: () => json(200, geminiChunk(text, 'STOP').data),
    stream: () => ({ bytes: Buffer.from(vertexPayload), firstPartBytes: Buffer.byteLength(ssePayload([geminiChunk('one ')])), serve: (options) => sse(vertexPayload, options) }),
  },
];

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    if (ProviderError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function drain(stream: AsyncIterable<StreamPart>, parts: StreamPart[] = []): Promise<StreamPart[]> {
  for await (const part of stream) parts.push(part);
  return parts;
}

const request = { messages: [userMessage('hello')] };
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe.each(PLATFORMS)('the fault battery on $name', (platform) => {
  function setup(transport: Transport = {}) {
    const waits: number[] = [];
    const notices: ProviderNotice[] = [];
    const provider = platform.make({ sleep: async (ms) => void waits.push(ms), random: () => 0.5, timeoutMs: 2000, idleTimeoutMs: 2000, now: () => NOW, ...transport });
    return { provider, waits, notices, onNotice: (n: ProviderNotice) => void notices.push(n) };
  }

  it.each<[string, Record<string, string>, number]>([
    ['retry-after seconds', { 'retry-after': '2' }, 2000],
    ['retry-after HTTP date', { 'retry-after': new Date(NOW + 7000).toUTCString() }, 7000],
    ['retry-after-ms', { 'retry-after-ms': '350' }, 350],
  ])('429 with %s waits what the server asked, then succeeds', async (_name, headers, wait) => {
    server.reply(json(429, { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }, headers), platform.ok());
    const { provider, waits, notices, onNotice } = setup();
    const response = await provider.complete(request, { onNotice });
    expect(response.message.parts).toEqual([{ type: 'text', text }]);
    expect(waits).toEqual([wait]);
    expect(notices).toEqual([{ type: 'retry', provider: provider.id, attempt: 1, delayMs: wait, reason: 'provider.rate_limited (HTTP 429)', code: 'provider.rate_limited', status: 429 }]);
  });

  it('fails at once when Retry-After is past the ceiling', async () => {
    server.reply(json(429, { message: 'slow down' }, { 'retry-after': '120' }));
    const { provider, waits } = setup({ retry: { maxRetryAfterMs: 5000 } });
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.rate_limited', retryable: true, retryAfterMs: 120_000, attempts: 1 });
    expect(waits).toEqual([]);
  });

  it('gives up a 503 storm after its retries; the breaker opens and rejects', async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000, now: () => NOW });
    server.reply(json(503, { message: 'unavailable' }));
    const { provider, waits } = setup({ breaker, retry: { maxRetries: 2, baseDelayMs: 100 } });
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.unavailable', status: 503, attempts: 3 });
    expect(waits).toEqual([50, 100]);
    expect(await failure(provider.complete(request))).toMatchObject({ code: 'provider.circuit_open' });
  });

  it('retries a connection reset in the middle of the body, and a hung server after its timeout', async () => {
    server.reply(resetMidBody(), platform.ok());
    const { provider, notices, onNotice } = setup();
    await provider.complete(request, { onNotice });
    expect(notices[0]).toMatchObject({ type: 'retry', reason: 'provider.network' });
    server.reply(hang());
    const slow = setup({ timeoutMs: 100, retry: { maxRetries: 1 } });
    expect(await failure(slow.provider.complete(request))).toMatchObject({ code: 'provider.timeout', attempts: 2 });
  });

  it('retries a stream cut before its first part; raises one cut after it without replaying', async () => {
    const stream = platform.stream();
    server.reply(stream.serve({ cutAfterBytes: 5 }), stream.serve({}));
    const first = setup();
    const parts = await drain(first.provider.stream(request, { onNotice: first.onNotice }));
    expect(first.notices).toHaveLength(1);
    expect(parts.flatMap((p) => (p.type === 'text_delta' ? [p.text] : [])).join('')).toBe(text);

    server.reply(stream.serve({ cutAfterBytes: stream.firstPartBytes }), stream.serve({}));
    const second = setup();
    const before = server.requests.length;
    const seen: StreamPart[] = [];
    const error = await failure(drain(second.provider.stream(request), seen));
    expect(error).toMatchObject({ code: 'provider.network', attempts: 1 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.type === 'text_delta')).toBe(true);
    expect(server.requests.length - before).toBe(1);
  });
});
