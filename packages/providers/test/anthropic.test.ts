import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResult, userMessage, type Message, type ProviderNotice, type StreamPart } from '@warden/protocol';
import { anthropic } from '../src/index.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const FIXTURE = fixtureJson('anthropic/message-thinking-tool.json') as { content: Array<{ signature?: string; data?: string }> };
const weather = [{ name: 'get_weather', description: 'Weather for a place', inputSchema: { type: 'object', properties: { location: { type: 'string' } } } }];

describe('Anthropic Messages', () => {
  it('round-trips signed and redacted thinking through the neutral format across a tool loop', async () => {
    server.reply(json(200, fixtureJson('anthropic/message-thinking-tool.json'), { 'request-id': 'req_ant_1' }), json(200, fixtureJson('anthropic/message-final.json')));
    const { transport } = testTransport();
    const provider = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-20250514', baseURL: server.url, transport, thinking: { budgetTokens: 2048 }, cachePrompt: true });
    const history: Message[] = [{ role: 'system', parts: [{ type: 'text', text: 'You are terse.' }] }, userMessage('Weather in Paris?')];
    const first = await provider.complete({ messages: history, tools: weather, maxOutputTokens: 4096 });

    const sent1 = server.requests.at(-1);
    expect(sent1?.url).toBe('/v1/messages');
    expect(sent1?.headers['x-api-key']).toBe(FAKE_KEY);
    expect(sent1?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent1?.body).toMatchObject({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 4096,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
      tools: [{ name: 'get_weather', input_schema: { type: 'object' }, cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
    });
    expect(first).toMatchObject({
      finishReason: 'tool_calls',
      requestId: 'req_ant_1',
      usage: { inputTokens: 4250, outputTokens: 180, cacheReadTokens: 3000, cacheWriteTokens: 1200 },
      message: {
        parts: [
          { type: 'thinking', provider: 'anthropic', signature: expect.stringMatching(/^WaUjzkyp/) },
          { type: 'thinking', provider: 'anthropic', redactedData: expect.stringMatching(/^EmwKAhgB/) },
          { type: 'text', text: 'Let me check the weather.' },
          { type: 'tool_call', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', args: { location: 'Paris, France' } },
        ],
      },
    });
    expect(first.costUsd).toBeCloseTo((50 * 3 + 3000 * 0.3 + 1200 * 3.75 + 180 * 15) / 1e6, 12);

    history.push(first.message, { role: 'tool', parts: [toolResult('toolu_01A09q90qw90lq917835lq9', 'get_weather', '18°C, sunny')] });
    const second = await provider.complete({ messages: history, tools: weather });
    const sent2 = server.requests.at(-1)?.body as { messages: unknown[] };
    expect(sent2.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The user wants the weather in Paris. I should call get_weather.', signature: FIXTURE.content[0]?.signature },
          { type: 'redacted_thinking', data: FIXTURE.content[1]?.data },
          { type: 'text', text: 'Let me check the weather.' },
          { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', input: { location: 'Paris, France' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: [{ type: 'text', text: '18°C, sunny' }] }] },
    ]);
    expect(second.finishReason).toBe('stop');
    expect(second.message.parts).toEqual([{ type: 'text', text: 'It is 18°C and sunny in Paris.' }]);
  });

  it('drops thinking another vendor produced and merges tool results with a following user turn', async () => {
    server.reply(json(200, fixtureJson('anthropic/message-final.json')));
    const provider = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() });
    await provider.complete({
      messages: [
        userMessage('go'),
        { role: 'assistant', parts: [{ type: 'thinking', text: 'gemini thoughts', provider: 'gemini', signature: 'g-sig' }, { type: 'tool_call', id: 'gcall_x_0', name: 'get_weather', args: {} }] },
        { role: 'tool', parts: [toolResult('gcall_x_0', 'get_weather', 'ok')] },
        userMessage('and tomorrow?'),
      ],
    });
    const body = server.requests.at(-1)?.body as { messages: Array<{ role: string; content: Array<{ type: string }> }> };
    expect(JSON.stringify(body)).not.toContain('gemini thoughts');
    expect(body.messages.map((m) => [m.role, m.content.map((c) => c.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool_use']],
      ['user', ['tool_result', 'text']],
    ]);
  });

  it.each([2, 5, 11])('streams thinking, its signature, text and tool input split every %i bytes', async (chunkBytes) => {
    server.reply(sse(fixture('anthropic/stream-thinking-tool.sse'), { chunkBytes, headers: { 'request-id': 'req_stream' } }));
    const provider = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, ...testTransport() });
    const parts: StreamPart[] = [];
    for await (const part of provider.stream({ messages: [userMessage('weather SF')], tools: weather })) parts.push(part);
    expect(parts.filter((p) => p.type === 'thinking_delta').map((p) => (p as { text: string }).text).join('')).toBe('Let me think — the answer needs a tool call. ✓');
    expect(parts.filter((p) => p.type === 'text_delta').map((p) => (p as { text: string }).text).join('')).toBe('Okay — checking 🌦️ now.');
    const finish = parts.at(-1);
    if (finish?.type !== 'finish') throw new Error('no finish');
    expect(finish.response).toMatchObject({
      requestId: 'req_stream',
      finishReason: 'tool_calls',
      usage: { inputTokens: 2073, outputTokens: 89, cacheReadTokens: 2048, cacheWriteTokens: 0 },
      message: {
        parts: [
          { type: 'thinking', text: 'Let me think — the answer needs a tool call. ✓', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds/sig==', provider: 'anthropic' },
          { type: 'text', text: 'Okay — checking 🌦️ now.' },
          { type: 'tool_call', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', args: { location: 'San Francisco, CA', unit: 'fahrenheit' } },
        ],
      },
    });
  });

  it('retries 529 overloaded and an overloaded_error stream event before the first token', async () => {
    const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    server.reply(
      json(529, overloaded),
      sse(`event: message_start\ndata: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":1}}}\n\nevent: error\ndata: ${JSON.stringify(overloaded)}\n\n`),
      sse(fixture('anthropic/stream-thinking-tool.sse')),
    );
    const { transport, waits } = testTransport();
    const provider = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', baseURL: server.url, transport });
    const notices: ProviderNotice[] = [];
    const parts: StreamPart[] = [];
    for await (const part of provider.stream({ messages: [userMessage('x')] }, { onNotice: (n) => notices.push(n) })) parts.push(part);
    expect(parts.at(-1)?.type).toBe('finish');
    expect(notices).toEqual([
      { type: 'retry', provider: 'anthropic', attempt: 1, delayMs: 250, reason: 'provider.overloaded (HTTP 529)', code: 'provider.overloaded', status: 529 },
      { type: 'retry', provider: 'anthropic', attempt: 2, delayMs: 500, reason: 'provider.overloaded', code: 'provider.overloaded' },
    ]);
    expect(waits).toEqual([250, 500]);
    expect(provider.health()).toMatchObject({ requests: 1, attempts: 3, retries: 2, successes: 1, breaker: 'closed' });
  });
});
