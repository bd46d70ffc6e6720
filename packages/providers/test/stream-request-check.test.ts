import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastMessageCheck } from '@warden/protocol/checks';
import { userMessage, type ModelRequest, type StreamPart } from '@warden/protocol';
import { openaiCompatible } from '../src/index.js';
import { fixture, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

// `stream()` hands out the transport's generator when the request passes the quick checks; these
// pin what a generator promised: nothing is sent before the first read, a refused request fails on
// that read (not at the call), and a request the quick checks are unsure of is still streamed.
let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const provider = () => openaiCompatible({ baseURL: server.url, apiKey: 'sk-test', model: 'm', ...testTransport() });

async function parts(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const out: StreamPart[] = [];
  for await (const part of stream) out.push(part);
  return out;
}

describe('stream(): checked, sent and read on the first read', () => {
  it('sends nothing until the stream is read, then streams to the finish part', async () => {
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    const before = server.requests.length;
    const stream = provider().stream({ messages: [userMessage('hi')] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
    const read = await parts(stream);
    expect(server.requests.length).toBe(before + 1);
    expect(read.at(-1)?.type).toBe('finish');
  });

  it('a refused request does not throw at the call: its first read fails with provider.bad_request, and nothing is sent', async () => {
    const before = server.requests.length;
    const bad = { messages: [] } as unknown as ModelRequest;
    const stream = provider().stream(bad);
    await expect(parts(stream)).rejects.toMatchObject({ code: 'provider.bad_request' });
    expect(server.requests.length).toBe(before);
  });

  it('a request the quick checks are unsure of is judged by the schema and still streamed when valid', async () => {
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse')));
    // An image part is beyond the quick checks (text only for user messages): the schema judges it.
    const message: ModelRequest['messages'][number] = {
      role: 'user',
      parts: [
        { type: 'text', text: 'what is this?' },
        { type: 'image', mediaType: 'image/png', url: 'https://example.invalid/a.png' },
      ],
    };
    expect(fastMessageCheck(message)).toBe(false);
    const read = await parts(provider().stream({ messages: [message] }));
    expect(read.at(-1)?.type).toBe('finish');
  });
});
