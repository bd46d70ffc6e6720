import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResult, userMessage, type ModelRequest, type StreamPart } from '@warden/protocol';
import { openai, openaiCompatible, openaiPreset } from '../src/index.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const tools: ModelRequest['tools'] = [
  { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];

async function collect(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('OpenAI Chat Completions', () => {
  it('sends the documented request and reads a tool call, usage, cost and request id', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json'), { 'x-request-id': 'req_openai_1' }));
    const { transport } = testTransport();
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: `${server.url}/v1`, transport });
    const response = await provider.complete({
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        userMessage('Open the index'),
        { role: 'assistant', parts: [{ type: 'thinking', text: 'secret reasoning', provider: 'anthropic', signature: 'sig' }, { type: 'tool_call', id: 'call_0', name: 'read_file', args: { path: 'a' } }] },
        { role: 'tool', parts: [toolResult('call_0', 'read_file', 'contents', true)] },
      ],
      tools,
      toolChoice: { name: 'read_file' },
      maxOutputTokens: 100,
    });
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'gpt-4o',
      max_completion_tokens: 100,
      tool_choice: { type: 'function', function: { name: 'read_file' } },
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Read a file' } }],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Open the index' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }] },
        { role: 'tool', tool_call_id: 'call_0', content: '[tool error] contents' },
      ],
    });
    expect(JSON.stringify(sent?.body)).not.toContain('secret reasoning');
    expect(response).toMatchObject({
      message: { role: 'assistant', parts: [{ type: 'tool_call', id: 'call_abc123', name: 'read_file', args: { path: 'src/index.ts' } }] },
      finishReason: 'tool_calls',
      usage: { inputTokens: 1117, outputTokens: 46, cacheReadTokens: 1024, cacheWriteTokens: 0, reasoningTokens: 0 },
      requestId: 'req_openai_1',
      provider: 'openai',
      model: 'gpt-4o',
    });
    expect(response.costUsd).toBeCloseTo((93 * 2.5 + 1024 * 1.25 + 46 * 10) / 1e6, 12);
  });

  it.each([1, 3, 7])('streams text, multi-byte UTF-8 and tool-call deltas split every %i bytes', async (chunkBytes) => {
    server.reply(sse(fixture('openai/chat-stream-tool-call.sse'), { chunkBytes }));
    const { transport } = testTransport();
    const provider = openaiCompatible({ id: 'groq', baseURL: `${server.url}/openai/v1`, apiKey: FAKE_KEY, model: 'llama-3.3-70b-versatile', transport });
    const parts = await collect(provider.stream({ messages: [userMessage('weather?')], tools }));
    expect(server.requests.at(-1)?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const text = parts.flatMap((p) => (p.type === 'text_delta' ? [p.text] : [])).join('');
    expect(text).toBe('Héllo 👋 wörld — 日本語');
    const argDeltas = parts.flatMap((p) => (p.type === 'tool_call_delta' && p.index === 0 ? [p.argsDelta] : [])).join('');
    expect(argDeltas).toBe('{"location": "Zürich"}');
    expect(parts.filter((p) => p.type === 'finish')).toHaveLength(1);
    const finish = parts.at(-1);
    expect(finish?.type).toBe('finish');
    if (finish?.type !== 'finish') return;
    expect(finish.response).toMatchObject({
      finishReason: 'tool_calls',
      usage: { inputTokens: 82, outputTokens: 31, cacheReadTokens: 64 },
      requestId: 'chatcmpl-stream1',
      provider: 'groq',
      message: {
        parts: [
          { type: 'text', text: 'Héllo 👋 wörld — 日本語' },
          { type: 'tool_call', id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', args: { location: 'Zürich' } },
          { type: 'tool_call', id: 'call_second', name: 'get_time', args: {} },
        ],
      },
    });
  });

  it('a local preset sends no Authorization header and costs nothing', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const provider = openaiPreset('ollama', { baseURL: `${server.url}/v1`, model: 'qwen3:8b', ...testTransport() });
    const response = await provider.complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(server.requests.at(-1)?.body).toMatchObject({ model: 'qwen3:8b' });
    expect(response.costUsd).toBe(0);
  });

  it('needs a key for OpenAI and for cloud presets, and a model for LM Studio', () => {
    expect(() => openai({ model: 'gpt-4o' })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => openaiPreset('groq')).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => openaiPreset('lmstudio')).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => openaiPreset('nope')).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });

  it('reads a refusal as finishReason refusal', async () => {
    server.reply(
      json(200, {
        id: 'chatcmpl-r',
        choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: "I can't help with that." }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 6 },
      }),
    );
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: server.url, ...testTransport() });
    const response = await provider.complete({ messages: [userMessage('bad')] });
    expect(response.finishReason).toBe('refusal');
    expect(response.message.parts).toEqual([{ type: 'text', text: "I can't help with that." }]);
  });
});

describe('OpenAI-compatible quirks', () => {
  it('assembles whole tool calls sent without an index in one chunk (as some hosts do)', async () => {
    const chunk = {
      id: 'x',
      choices: [{ index: 0, delta: { tool_calls: [{ id: 'a1', function: { name: 'read_file', arguments: '{"path":"a"}' } }, { id: 'b2', function: { name: 'read_file', arguments: '{"path":"b"}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    };
    server.reply(sse(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`));
    const provider = openaiPreset('mistral', { apiKey: FAKE_KEY, baseURL: server.url, ...testTransport() });
    const parts = await collect(provider.stream({ messages: [userMessage('x')], tools }));
    const finish = parts.at(-1);
    if (finish?.type !== 'finish') throw new Error('no finish');
    expect(finish.response.message.parts).toEqual([
      { type: 'tool_call', id: 'a1', name: 'read_file', args: { path: 'a' } },
      { type: 'tool_call', id: 'b2', name: 'read_file', args: { path: 'b' } },
    ]);
    expect(server.requests.at(-1)?.body).toMatchObject({ model: 'mistral-large-latest' });
  });

  it('keeps unparseable tool arguments for the loop to report instead of crashing', async () => {
    server.reply(
      json(200, {
        id: 'y',
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'read_file', arguments: '{"path": "a"' } }] }, finish_reason: 'tool_calls' }],
      }),
    );
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: server.url, ...testTransport() });
    const response = await provider.complete({ messages: [userMessage('x')], tools });
    expect(response.message.parts).toEqual([{ type: 'tool_call', id: 'c', name: 'read_file', args: {}, meta: { invalidArguments: '{"path": "a"' } }]);
  });
});
