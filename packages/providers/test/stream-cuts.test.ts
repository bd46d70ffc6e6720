import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage, type ProviderV1, type StreamPart } from '@warden/protocol';
import { anthropic, gemini, openai } from '../src/index.js';
import { FAKE_KEY, fixture, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const vendors: Array<[string, string, () => ProviderV1]> = [
  ['openai', 'openai/chat-stream-tool-call.sse', () => openai({ apiKey: FAKE_KEY, model: 'gpt-4o-mini', baseURL: server.url, ...testTransport() })],
  ['anthropic', 'anthropic/stream-thinking-tool.sse', () => anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() })],
  ['gemini', 'gemini/stream-function-call.sse', () => gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() })],
];

describe.each(vendors)('%s stream cut short', (_name, file, make) => {
  it('raises provider.network after the first tokens, with no retry and no finish', async () => {
    const payload = fixture(file);
    const cut = Math.floor(Buffer.byteLength(payload) * 0.8);
    server.reply(sse(payload, { cutAfterBytes: cut, chunkBytes: 9 }));
    const before = server.requests.length;
    const parts: StreamPart[] = [];
    let caught: unknown;
    try {
      for await (const part of make().stream({ messages: [userMessage('x')] })) parts.push(part);
    } catch (error) {
      caught = error;
    }
    expect(ProviderError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'provider.network', retryable: true, attempts: 1 });
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.some((p) => p.type === 'finish')).toBe(false);
    expect(server.requests.length - before).toBe(1);
  });

  it('ends cleanly when the server closes the connection right after the end marker', async () => {
    server.reply(sse(fixture(file), { chunkBytes: 4096 }));
    const parts: StreamPart[] = [];
    for await (const part of make().stream({ messages: [userMessage('x')] })) parts.push(part);
    expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
  });
});

describe.each(vendors)('%s stream read to its end', (_name, file, make) => {
  it('reads the body to its end, so the next call reuses the same connection', async () => {
    server.reply(sse(fixture(file), { chunkBytes: 4096 }));
    const provider = make();
    const before = server.connections;
    for (let call = 0; call < 3; call += 1) {
      const parts: StreamPart[] = [];
      for await (const part of provider.stream({ messages: [userMessage('x')] })) parts.push(part);
      expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
    }
    expect(server.connections - before).toBeLessThanOrEqual(1);
  });
});

const patient = { ...testTransport({ idleTimeoutMs: 600_000 }) };
const markerVendors: Array<[string, string, () => ProviderV1]> = [
  ['openai', 'openai/chat-stream-tool-call.sse', () => openai({ apiKey: FAKE_KEY, model: 'gpt-4o-mini', baseURL: server.url, ...patient })],
  ['anthropic', 'anthropic/stream-thinking-tool.sse', () => anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...patient })],
];

describe.each(markerVendors)('%s server that keeps the body open after the end marker', (_name, file, make) => {
  // With a 10-minute idle timeout, only the short drain grace can end this call within the test's time limit.
  it('finishes the answer after a short grace instead of waiting for the idle timeout', async () => {
    server.reply(sse(fixture(file), { chunkBytes: 4096, keepOpen: true }));
    const parts: StreamPart[] = [];
    for await (const part of make().stream({ messages: [userMessage('x')] })) parts.push(part);
    expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
    expect(parts.at(-1)?.type).toBe('finish');
  });
});
