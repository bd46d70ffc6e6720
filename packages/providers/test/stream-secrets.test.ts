import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage, type StreamPart } from '@warden/protocol';
import { anthropic, gemini, openaiCompatible } from '../src/index.js';
import { resolveProvider } from '../src/selection.js';
import { fixtureJson, json, ssePayload, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const request = { messages: [userMessage('hello')] };
/** A key that matches no known key pattern (a self-hosted gateway's token). */
const ODD_KEY = 'gw7Q2mXr9TLocalGatewayToken8841';
const masked = `${ODD_KEY.slice(0, 8)}${'*'.repeat(12)}${ODD_KEY.slice(-4)}`;

async function streamError(parts: AsyncIterable<StreamPart>): Promise<ProviderError> {
  try {
    for await (const _part of parts) {
      // drain
    }
  } catch (error) {
    if (ProviderError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the stream to fail');
}

function leaks(error: ProviderError): string {
  return JSON.stringify({ message: error.message, hint: error.hint, json: error.toJSON() });
}

describe('keys in in-stream error events', () => {
  const echoes = [
    ['the whole key', `Invalid token ${ODD_KEY} for this route`],
    ['a masked echo (first 8 + last 4)', `Incorrect API key provided: ${masked}. Check your key.`],
    ['the key inside other text', `auth failed (token=${ODD_KEY};scope=none)`],
    ['a masked echo with dots', `key ${ODD_KEY.slice(0, 8)}...${ODD_KEY.slice(-4)} was revoked`],
  ] as const;

  it.each(echoes)('OpenAI-style error chunk echoing %s is redacted', async (_label, message) => {
    server.reply(sse(ssePayload([{ data: { error: { type: 'invalid_request_error', code: 'invalid_api_key', message } } }])));
    const p = openaiCompatible({ id: 'gateway', baseURL: server.url, apiKey: ODD_KEY, model: 'm', ...testTransport() });
    const error = await streamError(p.stream(request));
    expect(error.code).toBe('provider.bad_request');
    expect(leaks(error)).not.toContain(ODD_KEY.slice(0, 8));
    expect(leaks(error)).not.toContain(ODD_KEY.slice(8, -4));
    expect(error.message).toContain('[redacted]');
  });

  it.each(echoes)('Anthropic event: error echoing %s is redacted', async (_label, message) => {
    server.reply(sse(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'authentication_error', message } })}\n\n`));
    const p = anthropic({ apiKey: ODD_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() });
    const error = await streamError(p.stream(request));
    expect(error.code).toBe('provider.auth');
    expect(leaks(error)).not.toContain(ODD_KEY.slice(0, 8));
  });

  it('a Gemini error chunk echoing the key is redacted', async () => {
    server.reply(sse(ssePayload([{ data: { error: { code: 400, status: 'INVALID_ARGUMENT', message: `API key not valid: ${masked}` } } }])));
    const p = gemini({ apiKey: ODD_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() });
    const error = await streamError(p.stream(request));
    expect(leaks(error)).not.toContain(ODD_KEY.slice(0, 8));
  });

  it('ordinary error text is kept: only the key is cut out', async () => {
    server.reply(sse(ssePayload([{ data: { error: { type: 'invalid_request_error', message: 'tool schema invalid: missing "type" at tools[0]' } } }])));
    const p = openaiCompatible({ id: 'gateway', baseURL: server.url, apiKey: ODD_KEY, model: 'm', ...testTransport() });
    const error = await streamError(p.stream(request));
    expect(error.message).toContain('tool schema invalid: missing "type" at tools[0]');
    expect(error.message).not.toContain('[redacted]');
  });

  it('a short key is redacted where it appears whole, and its prefix alone is not taken for it', async () => {
    server.reply(sse(ssePayload([{ data: { error: { type: 'invalid_request_error', message: 'bad key abc123; abc is a prefix' } } }])));
    const p = openaiCompatible({ id: 'gateway', baseURL: server.url, apiKey: 'abc123', model: 'm', ...testTransport() });
    const error = await streamError(p.stream(request));
    expect(error.message).toContain('bad key [redacted]; abc is a prefix');
  });
});

describe('a stalled stream', () => {
  it('fails after the configured idle timeout and names the URL that stalled (never its query string)', async () => {
    server.reply(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(ssePayload([{ data: { id: 'c', choices: [{ index: 0, delta: { content: 'tok' }, finish_reason: null }] } }]));
    });
    const p = openaiCompatible({ id: 'gateway', baseURL: `${server.url}/v1`, apiKey: ODD_KEY, model: 'm', ...testTransport({ idleTimeoutMs: 120 }) });
    const error = await streamError(p.stream(request));
    expect(error.code).toBe('provider.timeout');
    expect(error.message).toContain(`${server.url}/v1/chat/completions`);
    expect(error.message).toContain('120 ms');
    expect(error.hint).toContain('idleTimeoutMs');
  });

  it('a server that never sends headers fails naming the URL and the headers timeout', async () => {
    server.reply(() => undefined);
    const p = gemini({ apiKey: ODD_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport({ timeoutMs: 120, retry: { maxRetries: 0 } }) });
    const error = await streamError(p.stream(request));
    expect(error.code).toBe('provider.timeout');
    expect(error.message).toContain(server.url);
    expect(error.message).not.toContain(ODD_KEY);
    expect(error.message).not.toContain('?');
    expect(error.hint).toContain('timeoutMs');
  });
});

describe('OLLAMA_API_KEY', () => {
  it('is sent to an Ollama server as its own key (a proxy in front of Ollama needs one)', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const env = { WARDEN_PROVIDER: 'ollama', OLLAMA_API_KEY: 'ollama-proxy-token', OLLAMA_BASE_URL: `${server.url}/v1`, OLLAMA_MODEL: 'llama3.2' };
    const p = resolveProvider({ env, ...testTransport() });
    await p.complete(request);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer ollama-proxy-token');
  });

  it('without it, Ollama gets no key at all, even with cloud keys set', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const env = { WARDEN_PROVIDER: 'ollama', WARDEN_API_KEY: 'sk-cloud-0000000000', OPENAI_API_KEY: 'sk-cloud-1111111111', OLLAMA_BASE_URL: `${server.url}/v1` };
    const p = resolveProvider({ env, ...testTransport() });
    await p.complete(request);
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });
});
