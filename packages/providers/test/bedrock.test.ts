import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResult, userMessage, type ProviderNotice } from '@warden/protocol';
import { createAgent } from '@warden/core';
import { bedrockRuntime, eventStreamReply, frame } from '@warden/test-servers';
import { AuthError, RateLimitError, bedrock, type BedrockOptions } from '../src/index.js';
import { collect, finishOf, weatherSpec, weatherTool } from './helpers/agent-tools.js';
import { AWS_CREDENTIALS, converseBody, converseStream } from './helpers/bedrock-bodies.js';
import { json, startServer, testTransport, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const REGION = 'eu-central-1';
const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
const ENV = {
  AWS_ACCESS_KEY_ID: AWS_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: AWS_CREDENTIALS.secretAccessKey,
  AWS_SESSION_TOKEN: AWS_CREDENTIALS.sessionToken,
  AWS_REGION: REGION,
};
const signed = (next: Reply): Reply => bedrockRuntime(() => server, { credentials: AWS_CREDENTIALS, region: REGION }, next);

function provider(extra: Partial<BedrockOptions> = {}) {
  return bedrock({ model: MODEL, baseURL: server.url, env: ENV, ...testTransport(), ...extra });
}

const toolBlocks = [
  { reasoningContent: { reasoningText: { text: 'Need the weather tool.', signature: 'EqoBCkgIARABGAIiQL-sig' } } },
  { text: 'Checking Zürich — 日本語.' },
  { toolUse: { toolUseId: 'tooluse_abc123', name: 'get_weather', input: { city: 'Zürich' } } },
];

describe('Amazon Bedrock Converse', () => {
  it('signs with SigV4 from the environment and maps the request onto Converse', async () => {
    server.reply(signed(json(200, converseBody(toolBlocks, 'tool_use', { inputTokens: 30, outputTokens: 12, cacheReadInputTokens: 100, cacheWriteInputTokens: 5 }), { 'x-amzn-requestid': 'aws-req-1' })));
    const response = await provider({ thinking: { budgetTokens: 2048 } }).complete({
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Look' }, { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
        { role: 'user', parts: [{ type: 'text', text: 'and answer' }] },
        { role: 'assistant', parts: [{ type: 'thinking', text: 'from elsewhere', provider: 'anthropic', signature: 's' }, { type: 'tool_call', id: 't0', name: 'get_weather', args: { city: 'Bern' } }] },
        { role: 'tool', parts: [toolResult('t0', 'get_weather', 'rain', true)] },
      ],
      tools: weatherSpec,
      toolChoice: 'required',
      maxOutputTokens: 4096,
      temperature: 0.5,
    });
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(sent?.headers['x-amz-security-token']).toBe(AWS_CREDENTIALS.sessionToken);
    expect(sent?.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${AWS_CREDENTIALS.accessKeyId}/\\d{8}/${REGION}/bedrock/aws4_request`));
    expect(sent?.body).toEqual({
      system: [{ text: 'Be brief.' }],
      toolConfig: { tools: [{ toolSpec: { name: 'get_weather', description: 'The weather in a city', inputSchema: { json: weatherSpec[0]!.inputSchema } } }], toolChoice: { any: {} } },
      inferenceConfig: { maxTokens: 4096, temperature: 0.5 },
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 2048 } },
      messages: [
        { role: 'user', content: [{ text: 'Look' }, { image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } } }, { text: 'and answer' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't0', name: 'get_weather', input: { city: 'Bern' } } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 't0', content: [{ text: 'rain' }], status: 'error' } }] },
      ],
    });
    expect(response).toMatchObject({
      provider: 'bedrock',
      model: MODEL,
      requestId: 'aws-req-1',
      finishReason: 'tool_calls',
      usage: { inputTokens: 135, outputTokens: 12, cacheReadTokens: 100, cacheWriteTokens: 5 },
      message: {
        parts: [
          { type: 'thinking', text: 'Need the weather tool.', signature: 'EqoBCkgIARABGAIiQL-sig', provider: 'bedrock' },
          { type: 'text', text: 'Checking Zürich — 日本語.' },
          { type: 'tool_call', id: 'tooluse_abc123', name: 'get_weather', args: { city: 'Zürich' } },
        ],
      },
    });
  });

  it.each([1, 5, 97])('reads ConverseStream event-stream frames split every %i bytes; the message equals complete()', async (chunkBytes) => {
    server.reply(signed(eventStreamReply(converseStream(toolBlocks, 'tool_use'), { chunkBytes })));
    const parts = await collect(provider().stream({ messages: [userMessage('weather?')], tools: weatherSpec }));
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe(`/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(sent?.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(parts.flatMap((p) => (p.type === 'thinking_delta' ? [p.text] : [])).join('')).toBe('Need the weather tool.');
    expect(parts.flatMap((p) => (p.type === 'text_delta' ? [p.text] : [])).join('')).toBe('Checking Zürich — 日本語.');
    expect(parts.filter((p) => p.type === 'tool_call_delta').map((p) => (p.type === 'tool_call_delta' ? p.argsDelta : '')).join('')).toBe('{"city":"Zürich"}');
    const streamed = finishOf(parts);
    server.reply(signed(json(200, converseBody(toolBlocks, 'tool_use'))));
    const completed = await provider().complete({ messages: [userMessage('weather?')], tools: weatherSpec });
    expect(streamed.message).toEqual(completed.message);
    expect(streamed).toMatchObject({ finishReason: 'tool_calls', usage: { inputTokens: 30, outputTokens: 12 }, requestId: 'aws-req-stream' });
  });

  it('runs the agent loop end to end with tools; signed reasoning goes back to Bedrock', async () => {
    const tool = weatherTool();
    server.reply(signed(eventStreamReply(converseStream(toolBlocks, 'tool_use'))), signed(eventStreamReply(converseStream([{ text: 'Sunny in Zürich.' }], 'end_turn'))));
    const result = await createAgent({ provider: provider({ thinking: { budgetTokens: 1024 } }), tools: [tool], system: 'Use tools.' }).run('Weather in Zürich?');
    expect(result).toMatchObject({ stopReason: 'done', output: 'Sunny in Zürich.', steps: 2 });
    expect(tool.calls).toEqual([{ city: 'Zürich' }]);
    expect((server.requests.at(-1)?.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: [{ text: 'Weather in Zürich?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Need the weather tool.', signature: 'EqoBCkgIARABGAIiQL-sig' } } },
          { text: 'Checking Zürich — 日本語.' },
          { toolUse: { toolUseId: 'tooluse_abc123', name: 'get_weather', input: { city: 'Zürich' } } },
        ],
      },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_abc123', content: [{ text: 'sunny, 21 °C in Zürich' }], status: 'success' } }] },
    ]);
  });

  it('maps throttling onto the retry rules: a 429 ThrottlingException and an in-stream throttlingException are retried', async () => {
    const throttled = json(429, { message: 'Too many requests, please wait before trying again.' }, { 'x-amzn-errortype': 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/', 'retry-after': '2' });
    const inStream = eventStreamReply(Buffer.concat([frame('event', 'messageStart', { role: 'assistant' }), frame('exception', 'throttlingException', { message: 'Too many tokens, please wait before trying again.' })]));
    server.reply(signed(throttled), signed(inStream), signed(eventStreamReply(converseStream([{ text: 'ok' }], 'end_turn'))));
    const { transport, waits } = testTransport();
    const notices: ProviderNotice[] = [];
    const p = provider({ transport });
    const before = server.requests.length;
    const parts = await collect(p.stream({ messages: [userMessage('x')] }, { onNotice: (n) => notices.push(n) }));
    expect(server.requests.length - before).toBe(3);
    expect(waits).toEqual([2000, 500]);
    expect(notices.map((n) => (n.type === 'retry' ? n.reason : ''))).toEqual(['provider.rate_limited (HTTP 429)', 'provider.rate_limited']);
    expect(finishOf(parts).message.parts).toEqual([{ type: 'text', text: 'ok' }]);
    expect(p.health()).toMatchObject({ rateLimited: 1, retries: 2, successes: 1 });

    // Some AWS APIs say throttling with a 400: the error type decides.
    server.reply(json(400, { message: 'Rate exceeded' }, { 'x-amzn-errortype': 'ThrottlingException' }), signed(json(200, converseBody([{ text: 'fine' }], 'end_turn'))));
    expect((await provider().complete({ messages: [userMessage('x')] })).message.parts).toEqual([{ type: 'text', text: 'fine' }]);

    // After the first part, an exception is raised, not replayed.
    const late = eventStreamReply(Buffer.concat([frame('event', 'contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'par' } }), frame('exception', 'throttlingException', { message: 'slow down' })]));
    server.reply(signed(late));
    const error = await collect(provider().stream({ messages: [userMessage('x')] })).catch((e: unknown) => e);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ attempts: 1 });
  });

  it('rejects corrupt frames and retries a stream cut in the middle of a frame', async () => {
    const bytes = Buffer.from(converseStream([{ text: 'hello' }], 'end_turn'));
    const corrupt = Buffer.from(bytes);
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff;
    server.reply(signed(eventStreamReply(corrupt)));
    await expect(collect(provider().stream({ messages: [userMessage('x')] }))).rejects.toMatchObject({ code: 'provider.bad_response', retryable: false });

    const first = frame('event', 'messageStart', { role: 'assistant' });
    server.reply(signed(eventStreamReply(bytes, { cutAfterBytes: first.length + 7 })), signed(eventStreamReply(bytes)));
    const notices: ProviderNotice[] = [];
    const parts = await collect(provider().stream({ messages: [userMessage('x')] }, { onNotice: (n) => notices.push(n) }));
    expect(notices).toHaveLength(1);
    expect(finishOf(parts).message.parts).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('a wrong secret fails the signature check as an AuthError that names no secret', async () => {
    server.reply(signed(json(200, converseBody([{ text: 'never' }], 'end_turn'))));
    const wrong = { ...ENV, AWS_SECRET_ACCESS_KEY: 'wRoNgSeCrEt/FAKEKEY/DONOTLEAK+999999999999' };
    const error = await provider({ env: wrong }).complete({ messages: [userMessage('x')] }).catch((e: unknown) => e);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, requestId: 'aws-req-403', retryable: false });
    expect(String((error as Error).message)).toContain('InvalidSignatureException');
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain('DONOTLEAK');

    // The fake runtime really checks the signature: the same signed headers with another body fail.
    server.reply(signed(json(200, converseBody([{ text: 'ok' }], 'end_turn'))));
    await provider().complete({ messages: [userMessage('the real body')] });
    const genuine = server.requests.at(-1)!;
    const replay = (body: string) =>
      request(`${server.url}${genuine.url}`, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(genuine.headers).filter(([name]) => !['content-length', 'connection', 'host'].includes(name)).map(([k, v]) => [k, String(v)])),
        body,
      });
    server.reply(signed(json(200, converseBody([{ text: 'ok' }], 'end_turn'))));
    expect((await replay(genuine.text)).statusCode).toBe(200);
    const tampered = await replay(genuine.text.replace('the real body', 'a forged body'));
    expect(tampered.statusCode).toBe(403);
    expect(await tampered.body.json()).toEqual({ message: 'The request signature we calculated does not match the signature you provided.' });

    // A credentials function is called for every attempt.
    let calls = 0;
    const credentials = async () => {
      calls += 1;
      return AWS_CREDENTIALS;
    };
    server.reply(json(503, { message: 'busy' }, { 'x-amzn-errortype': 'ServiceUnavailableException' }), signed(json(200, converseBody([{ text: 'ok' }], 'end_turn'))));
    await provider({ env: {}, region: REGION, credentials }).complete({ messages: [userMessage('x')] });
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('needs a model, a region and credentials', () => {
    expect(() => bedrock({ model: MODEL, env: { ...ENV, AWS_REGION: undefined } })).toThrow(expect.objectContaining({ code: 'provider.not_configured', message: expect.stringContaining('region') }));
    expect(() => bedrock({ model: MODEL, env: { AWS_REGION: REGION } })).toThrow(expect.objectContaining({ code: 'provider.not_configured', message: expect.stringContaining('credentials') }));
    expect(() => bedrock({ model: '', env: ENV })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(bedrock({ model: MODEL, env: { ...ENV, AWS_REGION: undefined, AWS_DEFAULT_REGION: 'us-west-2' } }).model).toBe(MODEL);
  });
});
