import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage, type ProviderNotice } from '@warden/protocol';
import { createAgent } from '@warden/core';
import { azureResource } from '@warden/test-servers';
import { AuthError, azureOpenAI } from '../src/index.js';
import { collect, finishOf, weatherSpec, weatherTool } from './helpers/agent-tools.js';
import { messageItem, responseObject, responsesStream } from './helpers/responses-server.js';
import { FAKE_KEY, fixtureJson, json, sse, ssePayload, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const VERSION = '2024-10-21';
const TOKEN = 'eyJ0eXAiOiJKV1QiFAKEENTRATOKEN.payload.sig';
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ data: { id: 'chatcmpl-az', choices: [{ index: 0, delta, finish_reason: finish }] } });
const toolCallStream = ssePayload([
  { data: { id: 'chatcmpl-az', choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: {} }] } },
  chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_az1', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Zürich"}' } }] }),
  chunk({}, 'tool_calls'),
  { data: { id: 'chatcmpl-az', choices: [], usage: { prompt_tokens: 50, completion_tokens: 12 } } },
  { data: '[DONE]' },
]);
const answerStream = ssePayload([chunk({ role: 'assistant', content: 'Sunny ' }), chunk({ content: 'in Zürich.' }), chunk({}, 'stop'), { data: '[DONE]' }]);

function keyed(extra: Partial<Parameters<typeof azureOpenAI>[0]> = {}) {
  return azureOpenAI({ baseURL: server.url, deployment: 'gpt4o-prod', apiVersion: VERSION, apiKey: FAKE_KEY, model: 'gpt-4o', ...testTransport(), ...extra });
}

describe('Azure OpenAI', () => {
  it('posts to the deployment with api-version and the api-key header, and reads the answer', async () => {
    server.reply(azureResource({ deployment: 'gpt4o-prod', apiVersion: VERSION, apiKey: FAKE_KEY }, json(200, fixtureJson('openai/chat-tool-call.json'), { 'apim-request-id': 'apim-1' })));
    const response = await keyed().complete({ messages: [userMessage('Open the index')], tools: weatherSpec, maxOutputTokens: 64 });
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe(`/openai/deployments/gpt4o-prod/chat/completions?api-version=${VERSION}`);
    expect(sent?.headers['api-key']).toBe(FAKE_KEY);
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toMatchObject({ max_completion_tokens: 64, tools: [{ type: 'function', function: { name: 'get_weather' } }] });
    expect(response).toMatchObject({ provider: 'azure-openai', model: 'gpt-4o', finishReason: 'tool_calls', message: { parts: [{ type: 'tool_call', name: 'read_file' }] } });
    expect(response.costUsd).toBeGreaterThan(0);
  });

  it('streams tool calls with an Entra ID token fetched for every attempt', async () => {
    let fetched = 0;
    const token = async () => {
      fetched += 1;
      return TOKEN;
    };
    server.reply(
      json(429, { error: { code: '429', message: 'Requests to the ChatCompletions_Create Operation have exceeded call rate limit.' } }, { 'retry-after-ms': '250' }),
      azureResource({ deployment: 'gpt4o-prod', apiVersion: VERSION, bearer: TOKEN }, sse(toolCallStream, { chunkBytes: 5 })),
    );
    const { transport, waits } = testTransport();
    const provider = azureOpenAI({ resource: 'ignored', baseURL: server.url, deployment: 'gpt4o-prod', apiVersion: VERSION, token, transport });
    const parts = await collect(provider.stream({ messages: [userMessage('weather?')], tools: weatherSpec }));
    expect(fetched).toBe(2);
    expect(waits).toEqual([250]);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(server.requests.at(-1)?.headers['api-key']).toBeUndefined();
    expect(finishOf(parts)).toMatchObject({
      model: 'gpt4o-prod',
      finishReason: 'tool_calls',
      usage: { inputTokens: 50, outputTokens: 12 },
      message: { parts: [{ type: 'tool_call', id: 'call_az1', name: 'get_weather', args: { city: 'Zürich' } }] },
    });
  });

  it('runs the agent loop end to end against the fake resource', async () => {
    const tool = weatherTool();
    const guard = (next: Parameters<typeof azureResource>[1]) => azureResource({ deployment: 'gpt4o-prod', apiVersion: VERSION, bearer: TOKEN }, next);
    server.reply(guard(sse(toolCallStream)), guard(sse(answerStream)));
    const provider = azureOpenAI({ baseURL: `${server.url}/`, deployment: 'gpt4o-prod', apiVersion: VERSION, token: () => TOKEN, ...testTransport() });
    const result = await createAgent({ provider, tools: [tool] }).run('Weather in Zürich?');
    expect(result).toMatchObject({ stopReason: 'done', output: 'Sunny in Zürich.', steps: 2 });
    expect(tool.calls).toEqual([{ city: 'Zürich' }]);
    expect(server.requests.at(-1)?.body).toMatchObject({
      messages: [
        { role: 'user', content: 'Weather in Zürich?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_az1', function: { name: 'get_weather', arguments: '{"city":"Zürich"}' } }] },
        { role: 'tool', tool_call_id: 'call_az1', content: 'sunny, 21 °C in Zürich' },
      ],
    });
  });

  it('speaks the Responses API on a deployment when api is responses', async () => {
    server.reply(azureResource({ deployment: 'o4-mini', apiVersion: '2025-04-01-preview', apiKey: FAKE_KEY, path: '/openai/responses' }, sse(responsesStream(responseObject([messageItem('m', 'hi from azure')])))));
    const provider = keyed({ deployment: 'o4-mini', apiVersion: '2025-04-01-preview', api: 'responses', model: 'o4-mini' });
    const parts = await collect(provider.stream({ messages: [userMessage('x')] }));
    expect(server.requests.at(-1)?.body).toMatchObject({ model: 'o4-mini', store: false, stream: true });
    expect(finishOf(parts).message.parts).toEqual([{ type: 'text', text: 'hi from azure' }]);
  });

  it('maps Azure errors: a wrong key is an AuthError without the key, a content filter refusal, a missing deployment', async () => {
    server.reply(azureResource({ deployment: 'gpt4o-prod', apiVersion: VERSION, apiKey: 'another-key-entirely-0000' }, json(200, {})));
    const auth = await keyed().complete({ messages: [userMessage('x')] }).catch((e: unknown) => e);
    expect(AuthError.isInstance(auth)).toBe(true);
    expect(auth).toMatchObject({ status: 401, requestId: 'azure-req-1' });
    expect(String((auth as Error).message)).not.toContain(FAKE_KEY);
    server.reply(json(400, { error: { code: 'content_filter', message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.", innererror: { code: 'ResponsibleAIPolicyViolation' } } }));
    await expect(keyed().complete({ messages: [userMessage('x')] })).rejects.toMatchObject({ code: 'provider.content_filter', retryable: false });
    server.reply(azureResource({ deployment: 'other', apiVersion: VERSION, apiKey: FAKE_KEY }, json(200, {})));
    await expect(keyed().complete({ messages: [userMessage('x')] })).rejects.toMatchObject({ code: 'provider.bad_request', status: 404 });
  });

  it('a failing token function is provider.auth, not retried, with the token kept out of messages', async () => {
    const notices: ProviderNotice[] = [];
    const before = server.requests.length;
    const provider = azureOpenAI({ baseURL: server.url, deployment: 'd', apiVersion: VERSION, token: () => Promise.reject(new Error('AADSTS700016: application not found')), ...testTransport() });
    await expect(provider.complete({ messages: [userMessage('x')] }, { onNotice: (n) => notices.push(n) })).rejects.toMatchObject({
      code: 'provider.auth',
      retryable: false,
      message: expect.stringContaining('AADSTS700016'),
    });
    expect(server.requests.length).toBe(before);
    expect(notices).toEqual([]);

    server.reply(sse(ssePayload([{ data: { error: { code: 'server_error', message: `token ${TOKEN} rejected` } } }])));
    const leaky = azureOpenAI({ baseURL: server.url, deployment: 'd', apiVersion: VERSION, token: () => TOKEN, ...testTransport({ retry: { maxRetries: 0 } }) });
    const error = await collect(leaky.stream({ messages: [userMessage('x')] })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider.unavailable' });
    expect(String((error as Error).message)).not.toContain('FAKEENTRATOKEN');
  });

  it('validates its options when built', () => {
    const base = { baseURL: 'http://x', deployment: 'd', apiKey: FAKE_KEY };
    expect(() => azureOpenAI({ ...base, apiVersion: '' })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => azureOpenAI({ ...base, apiVersion: 'latest' })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => azureOpenAI({ ...base, apiVersion: VERSION, token: () => TOKEN })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => azureOpenAI({ baseURL: 'http://x', deployment: 'd', apiVersion: VERSION })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => azureOpenAI({ deployment: 'd', apiVersion: VERSION, apiKey: FAKE_KEY })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => azureOpenAI({ ...base, deployment: '', apiVersion: VERSION })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(azureOpenAI({ resource: 'myres', deployment: 'd', apiVersion: '2025-04-01-preview', apiKey: FAKE_KEY }).model).toBe('d');
  });
});

