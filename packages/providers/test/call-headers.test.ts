import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage, type StreamPart } from '@warden/protocol';
import { anthropic, openai } from '../src/index.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('per-call headers (trace context)', () => {
  it('sends CallOptions.headers with a complete call, without letting them replace auth or content headers', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const { transport } = testTransport();
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: `${server.url}/v1`, transport });
    await provider.complete(
      { messages: [userMessage('hi')] },
      { headers: { traceparent: TRACEPARENT, tracestate: 'warden=1', Authorization: 'Bearer stolen', 'content-type': 'text/plain', 'bad header': 'x', 'x-split': 'a\r\nb: c' } },
    );
    const sent = server.requests.at(-1)!;
    expect(sent.headers.traceparent).toBe(TRACEPARENT);
    expect(sent.headers.tracestate).toBe('warden=1');
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(sent.headers['content-type']).toContain('application/json');
    expect(sent.headers['x-split']).toBeUndefined();
    expect(sent.headers['bad header']).toBeUndefined();
  });

  it('sends them with a streamed call, and sends nothing extra without them', async () => {
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    const { transport } = testTransport();
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: `${server.url}/v1`, transport });
    const parts: StreamPart[] = [];
    for await (const part of provider.stream({ messages: [userMessage('hi')] }, { headers: { traceparent: TRACEPARENT } })) parts.push(part);
    expect(parts.at(-1)?.type).toBe('finish');
    expect(server.requests.at(-1)!.headers.traceparent).toBe(TRACEPARENT);

    server.reply(json(200, fixtureJson('anthropic/message-final.json')));
    const plain = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4', baseURL: server.url, ...testTransport() });
    await plain.complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)!.headers.traceparent).toBeUndefined();
  });
});
