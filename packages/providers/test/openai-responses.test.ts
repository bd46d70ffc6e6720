import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResult, userMessage, type ProviderNotice } from '@warden/protocol';
import { createAgent } from '@warden/core';
import { AuthError, openaiResponses, responsesBuiltinCalls } from '../src/index.js';
import { collect, finishOf, weatherSpec, weatherTool } from './helpers/agent-tools.js';
import { functionCallItem, messageItem, reasoningItem, responseObject, responsesStream, webSearchItem } from './helpers/responses-server.js';
import { FAKE_KEY, json, sse, ssePayload, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const toolStep = responseObject([
  reasoningItem('rs_1', 'The user wants the weather; call the tool.'),
  webSearchItem('ws_1', 'weather Zürich today'),
  functionCallItem('fc_1', 'call_w1', 'get_weather', { city: 'Zürich' }),
]);

function provider(extra: Partial<Parameters<typeof openaiResponses>[0]> = {}) {
  return openaiResponses({
    apiKey: FAKE_KEY,
    model: 'o4-mini',
    baseURL: `${server.url}/v1`,
    reasoning: { effort: 'low', summary: 'auto' },
    builtinTools: [{ type: 'web_search' }],
    ...testTransport(),
    ...extra,
  });
}

describe('OpenAI Responses API', () => {
  it('maps messages, tools and options onto the Responses request and reads reasoning, built-in and function calls', async () => {
    server.reply(json(200, toolStep, { 'x-request-id': 'req_resp_1' }));
    const response = await provider().complete({
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Look at this' }, { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'thinking', text: 'anthropic reasoning', provider: 'anthropic', signature: 'sig' },
            { type: 'text', text: 'Reading it.' },
            { type: 'tool_call', id: 'call_0', name: 'get_weather', args: { city: 'Bern' }, meta: { itemId: 'fc_0' } },
          ],
        },
        { role: 'tool', parts: [toolResult('call_0', 'get_weather', 'rain', true)] },
      ],
      tools: weatherSpec,
      toolChoice: { name: 'get_weather' },
      maxOutputTokens: 500,
      temperature: 0.2,
      responseFormat: { type: 'json' },
    });
    const sent = server.requests.at(-1);
    // o4-mini is a reasoning model: the request's temperature is dropped, not sent to fail.
    expect(sent?.body).not.toHaveProperty('temperature');
    expect(sent?.url).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(sent?.body).toEqual({
      model: 'o4-mini',
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { effort: 'low', summary: 'auto' },
      tool_choice: { type: 'function', name: 'get_weather' },
      max_output_tokens: 500,
      text: { format: { type: 'json_object' } },
      input: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Look at this' }, { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' }] },
        { role: 'assistant', content: 'Reading it.' },
        { type: 'function_call', call_id: 'call_0', name: 'get_weather', arguments: '{"city":"Bern"}', id: 'fc_0' },
        { type: 'function_call_output', call_id: 'call_0', output: '[tool error] rain' },
      ],
      tools: [
        { type: 'function', name: 'get_weather', description: 'The weather in a city', parameters: weatherSpec[0]!.inputSchema, strict: false },
        { type: 'web_search' },
      ],
    });
    expect(response).toMatchObject({
      provider: 'openai-responses',
      model: 'o4-mini',
      finishReason: 'tool_calls',
      requestId: 'req_resp_1',
      usage: { inputTokens: 120, outputTokens: 40, cacheReadTokens: 100, cacheWriteTokens: 0, reasoningTokens: 25 },
    });
    expect(response.costUsd).toBeCloseTo((20 * 1.1 + 100 * 0.275 + 40 * 4.4) / 1e6, 12);
    const [reasoning, search, call] = response.message.parts;
    expect(reasoning).toMatchObject({ type: 'thinking', text: 'The user wants the weather; call the tool.', provider: 'openai-responses', signature: 'rs_1' });
    expect(JSON.parse((reasoning as { redactedData: string }).redactedData)).toEqual({
      type: 'reasoning',
      id: 'rs_1',
      summary: [{ type: 'summary_text', text: 'The user wants the weather; call the tool.' }],
      encrypted_content: 'gAAAA-encrypted-rs_1',
    });
    expect(search).toMatchObject({ type: 'thinking', text: '[web_search_call completed] {"type":"search","query":"weather Zürich today"}' });
    expect(call).toEqual({ type: 'tool_call', id: 'call_w1', name: 'get_weather', args: { city: 'Zürich' }, meta: { itemId: 'fc_1' } });
    expect(responsesBuiltinCalls(response.message)).toEqual([{ type: 'web_search_call', id: 'ws_1', status: 'completed', item: webSearchItem('ws_1', 'weather Zürich today') }]);
  });

  it.each([1, 7, 64])('streams reasoning, text and tool-call deltas split every %i bytes; the final message equals complete()', async (chunkBytes) => {
    const answer = responseObject([reasoningItem('rs_2', 'Thinking about Zürich — 日本語.'), messageItem('msg_2', 'Héllo 👋 wörld'), functionCallItem('fc_2', 'call_2', 'get_weather', { city: 'Zürich' })]);
    server.reply(sse(responsesStream(answer), { chunkBytes }));
    const parts = await collect(provider().stream({ messages: [userMessage('weather?')], tools: weatherSpec }));
    expect(server.requests.at(-1)?.body).toMatchObject({ stream: true });
    expect(parts.flatMap((p) => (p.type === 'thinking_delta' ? [p.text] : [])).join('')).toBe('Thinking about Zürich — 日本語.');
    expect(parts.flatMap((p) => (p.type === 'text_delta' ? [p.text] : [])).join('')).toBe('Héllo 👋 wörld');
    const deltas = parts.filter((p) => p.type === 'tool_call_delta');
    expect(deltas[0]).toEqual({ type: 'tool_call_delta', index: 0, id: 'call_2', name: 'get_weather', argsDelta: '' });
    expect(deltas.map((p) => (p.type === 'tool_call_delta' ? p.argsDelta : '')).join('')).toBe('{"city":"Zürich"}');
    const streamed = finishOf(parts);
    server.reply(json(200, answer));
    const completed = await provider().complete({ messages: [userMessage('weather?')], tools: weatherSpec });
    expect(streamed.message).toEqual(completed.message);
    expect(streamed).toMatchObject({ finishReason: 'tool_calls', usage: completed.usage, requestId: 'resp_test_1' });
  });

  it('runs the agent loop end to end: the tool runs, reasoning and the built-in call go back verbatim, the answer streams', async () => {
    const tool = weatherTool();
    server.reply(sse(responsesStream(toolStep)), sse(responsesStream(responseObject([messageItem('msg_3', 'It is sunny in Zürich.')]))));
    const agent = createAgent({ provider: provider(), tools: [tool], system: 'Answer with the tool.' });
    const result = await agent.run('Weather in Zürich?');
    expect(result).toMatchObject({ stopReason: 'done', output: 'It is sunny in Zürich.', steps: 2 });
    expect(tool.calls).toEqual([{ city: 'Zürich' }]);
    expect(result.toolCalls.map((c) => c.name)).toEqual(['get_weather']);
    expect(server.requests.slice(-2).map((r) => (r.body as { stream?: boolean }).stream)).toEqual([true, true]);
    // What the second step must carry for the API to accept it statelessly.
    const input = (server.requests.at(-1)?.body as { input: unknown[] }).input;
    expect(input.slice(0, 2)).toEqual([
      { role: 'system', content: 'Answer with the tool.' },
      { role: 'user', content: [{ type: 'input_text', text: 'Weather in Zürich?' }] },
    ]);
    expect(input.slice(2)).toEqual([
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'The user wants the weather; call the tool.' }], encrypted_content: 'gAAAA-encrypted-rs_1' },
      webSearchItem('ws_1', 'weather Zürich today'),
      { type: 'function_call', call_id: 'call_w1', name: 'get_weather', arguments: '{"city":"Zürich"}', id: 'fc_1' },
      { type: 'function_call_output', call_id: 'call_w1', output: 'sunny, 21 °C in Zürich' },
    ]);
  });

  it('retries a 429 with Retry-After and a response.failed before the first token; raises an error event after it', async () => {
    const answer = responseObject([messageItem('msg_4', 'ok')]);
    const failed = ssePayload([
      { event: 'response.created', data: { type: 'response.created', response: { id: 'r', status: 'in_progress', output: [] } } },
      { event: 'response.failed', data: { type: 'response.failed', response: { id: 'r', status: 'failed', error: { code: 'server_error', message: 'The server had an error' } } } },
    ]);
    server.reply(json(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, { 'retry-after': '3' }), sse(failed), sse(responsesStream(answer)));
    const { transport, waits } = testTransport();
    const notices: ProviderNotice[] = [];
    const before = server.requests.length;
    const p = provider({ transport });
    const parts = await collect(p.stream({ messages: [userMessage('x')] }, { onNotice: (n) => notices.push(n) }));
    expect(server.requests.length - before).toBe(3);
    expect(waits[0]).toBe(3000);
    expect(notices.map((n) => (n.type === 'retry' ? n.reason : n.type))).toEqual(['provider.rate_limited (HTTP 429)', 'provider.unavailable']);
    expect(finishOf(parts).message.parts).toEqual([{ type: 'text', text: 'ok' }]);
    expect(p.health()).toMatchObject({ attempts: 3, retries: 2, rateLimited: 1, successes: 1 });

    const midway = ssePayload([
      { data: { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'partial ' } },
      { data: { type: 'error', code: 'rate_limit_exceeded', message: `slow down ${FAKE_KEY}`, param: null } },
    ]);
    server.reply(sse(midway));
    const seen: string[] = [];
    const error = await collect(p.stream({ messages: [userMessage('x')] }, { onNotice: (n) => seen.push(n.type) })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider.rate_limited', attempts: 1 });
    expect(String((error as Error).message)).not.toContain(FAKE_KEY);
    expect(seen).toEqual([]);
  });

  it('reads incomplete answers, failed bodies, refusals and auth errors', async () => {
    server.reply(json(200, responseObject([messageItem('m', 'cut sh')], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } })));
    expect((await provider().complete({ messages: [userMessage('x')] })).finishReason).toBe('length');
    server.reply(json(200, responseObject([{ type: 'message', id: 'm', role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot help.' }] }])));
    const refused = await provider().complete({ messages: [userMessage('x')] });
    expect(refused).toMatchObject({ finishReason: 'refusal', message: { parts: [{ type: 'text', text: 'I cannot help.' }] } });
    server.reply(json(200, { id: 'r', status: 'failed', output: [], error: { code: 'invalid_prompt', message: 'Invalid prompt' } }));
    await expect(provider({ transport: { ...testTransport().transport, retry: { maxRetries: 0 } } }).complete({ messages: [userMessage('x')] })).rejects.toMatchObject({
      code: 'provider.unavailable',
    });
    server.reply(json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
    const auth = await provider().complete({ messages: [userMessage('x')] }).catch((e: unknown) => e);
    expect(AuthError.isInstance(auth)).toBe(true);
    expect(() => openaiResponses({ model: 'o4-mini' })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
  });

  it('with store on, sends reasoning back by id without asking for encrypted content; drops it when it cannot be resolved', async () => {
    server.reply(json(200, responseObject([{ type: 'reasoning', id: 'rs_9', summary: [] }, messageItem('m', 'done')])));
    const stored = provider({ store: true });
    const first = await stored.complete({ messages: [userMessage('x')] });
    expect(server.requests.at(-1)?.body).not.toHaveProperty('include');
    server.reply(json(200, responseObject([messageItem('m2', 'again')])));
    await stored.complete({ messages: [userMessage('x'), first.message, userMessage('y')] });
    expect((server.requests.at(-1)?.body as { input: unknown[] }).input[1]).toEqual({ type: 'reasoning', id: 'rs_9', summary: [] });

    server.reply(json(200, responseObject([{ type: 'reasoning', id: 'rs_10', summary: [] }, messageItem('m', 'done')])));
    const stateless = provider({ reasoning: undefined });
    const answer = await stateless.complete({ messages: [userMessage('x')] });
    expect(answer.message.parts[0]).toEqual({ type: 'thinking', text: '', provider: 'openai-responses', signature: 'rs_10' });
    server.reply(json(200, responseObject([messageItem('m2', 'again')])));
    await stateless.complete({ messages: [userMessage('x'), answer.message, userMessage('y')] });
    expect((server.requests.at(-1)?.body as { input: unknown[] }).input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: 'x' }] },
      { role: 'assistant', content: 'done' },
      { role: 'user', content: [{ type: 'input_text', text: 'y' }] },
    ]);
  });
});
