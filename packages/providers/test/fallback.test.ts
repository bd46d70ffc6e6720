import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, userMessage, type Message, type ProviderNotice, type StreamPart } from '@warden/protocol';
import { anthropic, fallback, gemini } from '../src/index.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let primary: VendorServer;
let secondary: VendorServer;
beforeAll(async () => {
  primary = await startServer();
  secondary = await startServer();
});
afterAll(async () => {
  await primary.close();
  await secondary.close();
});

function providers(retry = { maxRetries: 1 }) {
  return [
    anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: primary.url, transport: { ...testTransport().transport, retry } }),
    gemini({ apiKey: 'AIzaFAKEKEYFORGEMINI000', model: 'gemini-2.5-flash', baseURL: secondary.url, ...testTransport() }),
  ];
}

const conversation: Message[] = [
  userMessage('Weather?'),
  {
    role: 'assistant',
    parts: [
      { type: 'thinking', text: 'anthropic private reasoning', signature: 'ANTHROPIC_SIG', provider: 'anthropic' },
      { type: 'thinking', text: '', redactedData: 'ANTHROPIC_REDACTED', provider: 'anthropic' },
      { type: 'tool_call', id: 'toolu_1', name: 'get_weather', args: { city: 'Oslo' } },
    ],
  },
  { role: 'tool', parts: [{ type: 'tool_result', callId: 'toolu_1', name: 'get_weather', content: [{ type: 'text', text: '3 °C' }], isError: false }] },
];

describe('fallback', () => {
  it('moves to the next vendor after retries, reports the switch and drops foreign thinking', async () => {
    primary.reply(json(503, { type: 'error', error: { type: 'api_error', message: 'down' } }));
    secondary.reply(json(200, fixtureJson('gemini/step3-final.json')));
    const notices: ProviderNotice[] = [];
    const chain = fallback(providers());
    expect(chain.id).toBe('fallback(anthropic,gemini)');
    const response = await chain.complete({ messages: conversation }, { onNotice: (n) => notices.push(n) });
    expect(response.provider).toBe('gemini');
    expect(notices.map((n) => n.type)).toEqual(['retry', 'provider_switch']);
    expect(notices[1]).toEqual({ type: 'provider_switch', from: 'anthropic', to: 'gemini', reason: 'provider.unavailable', code: 'provider.unavailable', status: 503 });
    expect(chain.health()).toMatchObject([
      { provider: 'anthropic', attempts: 2, failures: 1 },
      { provider: 'gemini', attempts: 1, successes: 1 },
    ]);
    const sent = JSON.stringify(secondary.requests.at(-1)?.body);
    expect(sent).not.toContain('anthropic private reasoning');
    expect(sent).not.toContain('ANTHROPIC_SIG');
    expect(sent).not.toContain('ANTHROPIC_REDACTED');
    expect(secondary.requests.at(-1)?.body).toMatchObject({
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }] },
        { role: 'model', parts: [{ functionCall: { id: 'toolu_1', name: 'get_weather', args: { city: 'Oslo' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'toolu_1', name: 'get_weather', response: { result: '3 °C' } } }] },
      ],
    });
  });

  it('switches at once when Retry-After exceeds the ceiling, and when the breaker is open', async () => {
    primary.reply(json(429, { type: 'error', error: { type: 'rate_limit_error', message: 'slow' } }, { 'retry-after': '3600' }));
    secondary.reply(json(200, fixtureJson('gemini/step3-final.json')));
    const before = primary.requests.length;
    const chain = fallback(providers());
    const notices: ProviderNotice[] = [];
    await chain.complete({ messages: [userMessage('hi')] }, { onNotice: (n) => notices.push(n) });
    expect(primary.requests.length - before).toBe(1);
    expect(notices).toEqual([{ type: 'provider_switch', from: 'anthropic', to: 'gemini', reason: 'provider.rate_limited', code: 'provider.rate_limited', status: 429 }]);

    primary.reply(json(500, {}));
    const list = [
      anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: primary.url, transport: { ...testTransport().transport, retry: { maxRetries: 0 }, breaker: { failureThreshold: 1 } } }),
      providers()[1]!,
    ];
    const breakerChain = fallback(list);
    await breakerChain.complete({ messages: [userMessage('a')] });
    const switches: ProviderNotice[] = [];
    await breakerChain.complete({ messages: [userMessage('b')] }, { onNotice: (n) => switches.push(n) });
    expect(switches).toEqual([{ type: 'provider_switch', from: 'anthropic', to: 'gemini', reason: 'provider.circuit_open', code: 'provider.circuit_open' }]);
  });

  it('does not switch on a request the next vendor would reject the same way', async () => {
    primary.reply(json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 300000 tokens > 200000 maximum' } }));
    const before = secondary.requests.length;
    const error = await fallback(providers()).complete({ messages: [userMessage('huge')] }).catch((e: unknown) => e);
    expect(ProviderError.isInstance(error) && error.code).toBe('provider.context_length');
    expect(secondary.requests.length).toBe(before);
  });

  it('switches a stream only before its first part', async () => {
    primary.reply(json(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }));
    secondary.reply(sse(fixture('gemini/stream-function-call.sse')));
    const parts: StreamPart[] = [];
    for await (const part of fallback(providers()).stream({ messages: [userMessage('x')] })) parts.push(part);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', response: { provider: 'gemini' } });

    primary.reply(sse('event: message_start\ndata: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":1}}}\n\nevent: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"partial"}}\n\n'));
    const before = secondary.requests.length;
    const seen: StreamPart[] = [];
    const error = await (async () => {
      for await (const part of fallback(providers()).stream({ messages: [userMessage('x')] })) seen.push(part);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ type: 'text_delta', text: 'partial' }]);
    expect(ProviderError.isInstance(error) && error.code).toBe('provider.network');
    expect(secondary.requests.length).toBe(before);
  });
});
