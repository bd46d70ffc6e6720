import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, userMessage } from '@warden/protocol';
import { bedrockRuntime } from '@warden/test-servers';
import { anthropic, azureOpenAI, bedrock, gemini, openai, openaiPreset, openaiResponses, vertexGemini } from '../src/index.js';
import { ParameterError } from '../src/parameters.js';
import { AWS_CREDENTIALS, converseBody } from './helpers/bedrock-bodies.js';
import { FAKE_KEY, fixtureJson, json, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ask = { messages: [userMessage('hi')] };
const openaiAnswer = fixtureJson('openai/chat-tool-call.json');
const anthropicAnswer = fixtureJson('anthropic/message-final.json');
const geminiAnswer = fixtureJson('gemini/step3-final.json');

function caught(build: () => unknown): ParameterError | ConfigError {
  try {
    build();
  } catch (error) {
    if (ParameterError.isInstance(error) || ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the factory to throw');
}

describe('generation parameters are checked when the provider is built', () => {
  it('names every bad value at once, with stable codes', () => {
    const error = caught(() => openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', parameters: { temperature: 5, topP: 1.5, seed: 1.5, stop: [] } }));
    expect(error).toBeInstanceOf(ParameterError);
    expect(error.code).toBe('config.invalid');
    expect((error as ParameterError).issues.map((i) => i.parameter)).toEqual(['temperature', 'topP', 'seed', 'stop']);
    expect(error.message).toContain('temperature must be a number from 0 to 2');
  });

  it('an unknown parameter is config.unknown_key with "did you mean"', () => {
    const error = caught(() => anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', parameters: { top_p: 0.9 } as never }));
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain('did you mean "topP"?');
    expect(error.hint).toBe('did you mean "topP"?');
  });

  it('limits of one provider: OpenAI takes four stop sequences, Gemini five', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(caught(() => openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', parameters: { stop: six.slice(0, 5) } })).message).toContain('at most 4 sequences on openai');
    expect(caught(() => gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', parameters: { stop: six } })).message).toContain('at most 5');
    expect(() => gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', parameters: { stop: six.slice(0, 5) } })).not.toThrow();
  });
});

describe('unknown factory options are errors, not ignored', () => {
  it.each([
    ['openai', () => openai({ apikey: FAKE_KEY, model: 'gpt-4.1' } as never), 'apiKey'],
    ['anthropic', () => anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', cache_prompt: true } as never), 'cachePrompt'],
    ['gemini', () => gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseUrl: 'http://x' } as never), 'baseURL'],
    ['azureOpenAI', () => azureOpenAI({ deployment: 'd', apiVersion: '2024-10-21', apiKey: FAKE_KEY, resource: 'r', apiversion: 'x' } as never), 'apiVersion'],
    ['bedrock', () => bedrock({ model: 'm', region: 'us-east-1', regoin: 'x' } as never), 'region'],
    ['vertexGemini', () => vertexGemini({ model: 'gemini-2.5-flash', project: 'p', location: 'us-central1', token: () => 't', projects: 'x' } as never), 'project'],
    ['openaiResponses', () => openaiResponses({ apiKey: FAKE_KEY, model: 'o4-mini', stores: true } as never), 'store'],
    ["openaiPreset('groq')", () => openaiPreset('groq', { apiKey: FAKE_KEY, modl: 'x' } as never), 'model'],
  ])('%s', (_name, build, meant) => {
    const error = caught(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`did you mean "${meant}"?`);
  });
});

describe('explain() and what goes on the wire', () => {
  it('OpenAI reasoning model: sampling and stop dropped, effort fitted to the levels it has', async () => {
    const provider = openai({ apiKey: FAKE_KEY, model: 'o3', baseURL: server.url, ...testTransport(), parameters: { temperature: 0.3, effort: 'max', stop: ['x'], seed: 7, user: 'customer-42' } });
    const plan = provider.explain(ask);
    expect(plan.sent).toEqual({ seed: 7, user: 'customer-42', effort: 'high' });
    expect(plan.dropped).toEqual({
      temperature: 'o3 is a reasoning model and rejects sampling settings',
      stop: 'o3 is a reasoning model and rejects stop sequences',
    });
    expect(plan.adjusted).toEqual({ effort: "'max' → 'high': o3 takes low, medium, high" });
    server.reply(json(200, openaiAnswer));
    await provider.complete(ask);
    const body = server.requests.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ reasoning_effort: 'high', seed: 7, user: 'customer-42' });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('stop');
    // explain's payload is what was sent.
    expect(plan.payload).toEqual(body);
  });

  it('a chat model takes sampling; top_k and min_p reach only the hosts that take them', async () => {
    const plain = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1', baseURL: server.url, ...testTransport(), parameters: { temperature: 0.2, topP: 0.9, topK: 40, minP: 0.05, frequencyPenalty: 0.3, cache: true } });
    const plan = plain.explain();
    expect(plan.sent).toEqual({ temperature: 0.2, topP: 0.9, frequencyPenalty: 0.3 });
    expect(Object.keys(plan.dropped)).toEqual(['topK', 'minP', 'cache']);
    const vllm = openaiPreset('vllm', { model: 'qwen', baseURL: server.url, ...testTransport(), parameters: { topK: 40, minP: 0.05, repetitionPenalty: 1.05 } });
    server.reply(json(200, openaiAnswer));
    await vllm.complete(ask);
    expect(server.requests.at(-1)?.body).toMatchObject({ top_k: 40, min_p: 0.05, repetition_penalty: 1.05 });
  });

  it('Claude with extended thinking: temperature and top_k dropped, top_p raised, max_tokens above the budget, cache on', async () => {
    const provider = anthropic({
      apiKey: FAKE_KEY,
      model: 'claude-sonnet-4-0',
      baseURL: server.url,
      ...testTransport(),
      parameters: { effort: 'high', temperature: 0.5, topP: 0.5, topK: 20, seed: 3, user: 'u-1', cache: true, stop: ['</answer>'] },
    });
    const plan = provider.explain(ask);
    expect(plan.sent).toEqual({ thinkingBudget: 16_384, maxTokens: 20_480, topP: 0.95, stop: ['</answer>'], user: 'u-1', cache: true });
    expect(plan.dropped).toMatchObject({ temperature: 'Claude with extended thinking rejects it', topK: 'Claude with extended thinking rejects it', seed: 'Claude has no seed' });
    expect(plan.adjusted).toMatchObject({ maxTokens: '4096 → 20480: Claude needs max_tokens above the thinking budget' });
    server.reply(json(200, anthropicAnswer));
    await provider.complete({ messages: [{ role: 'system', parts: [{ type: 'text', text: 'sys' }] }, userMessage('hi')] });
    const body = server.requests.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ max_tokens: 20_480, thinking: { type: 'enabled', budget_tokens: 16_384 }, top_p: 0.95, stop_sequences: ['</answer>'], metadata: { user_id: 'u-1' } });
    expect(body).not.toHaveProperty('temperature');
    expect(body.system).toEqual([{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }]);
  });

  it('Claude without thinking: temperature capped at 1, and one of temperature and top_p', () => {
    const plan = anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-0', parameters: { temperature: 1.5, topP: 0.9, topK: 10 } }).explain();
    expect(plan.sent).toEqual({ temperature: 1, topK: 10 });
    expect(plan.adjusted).toEqual({ temperature: '1.5 → 1: Claude takes temperature 0–1' });
    expect(plan.dropped).toEqual({ topP: 'Claude takes one of temperature and top_p; temperature is sent' });
    expect(plan.payload).toMatchObject({ temperature: 1, top_k: 10 });
  });

  it('a request temperature goes through the same rules (o3 drops it)', () => {
    const plan = openaiResponses({ apiKey: FAKE_KEY, model: 'o3' }).explain({ ...ask, temperature: 0.7, maxOutputTokens: 300 });
    expect(plan.dropped).toHaveProperty('temperature');
    expect(plan.payload).toMatchObject({ max_output_tokens: 300 });
    expect(plan.payload).not.toHaveProperty('temperature');
  });

  it('Gemini: generationConfig fields; 2.5 Pro cannot switch thinking off', async () => {
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-pro', baseURL: server.url, ...testTransport(), parameters: { topK: 40, seed: 9, presencePenalty: 0.1, thinking: false, user: 'u' } });
    const plan = provider.explain();
    expect(plan.adjusted).toEqual({ thinking: 'false → 128: gemini-2.5-pro cannot switch thinking off; the smallest budget is sent' });
    expect(plan.dropped).toEqual({ user: 'Gemini has no user' });
    server.reply(json(200, geminiAnswer));
    await provider.complete(ask);
    expect((server.requests.at(-1)?.body as Record<string, unknown>).generationConfig).toEqual({ topK: 40, seed: 9, presencePenalty: 0.1, thinkingConfig: { thinkingBudget: 128 } });
  });

  it('Gemini 2.5 Flash: effort becomes a budget within its range; a caller providerOptions value wins', () => {
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', parameters: { effort: 'max', topP: 0.8 } });
    const plan = provider.explain({ ...ask, providerOptions: { gemini: { generationConfig: { topP: 0.5 } } } });
    expect(plan.adjusted).toEqual({ effort: "'max' → 24576: gemini-2.5-flash takes a thinking budget of 1–24576" });
    expect(plan.payload?.generationConfig).toEqual({ topP: 0.5, thinkingConfig: { thinkingBudget: 24_576 } });
  });

  it('Bedrock: Claude extras in additionalModelRequestFields, the rest in inferenceConfig, signed as usual', async () => {
    const env = { AWS_ACCESS_KEY_ID: AWS_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: AWS_CREDENTIALS.secretAccessKey, AWS_SESSION_TOKEN: AWS_CREDENTIALS.sessionToken, AWS_REGION: 'eu-central-1' };
    const provider = bedrock({ model: 'anthropic.claude-sonnet-4-20250514-v1:0', baseURL: server.url, env, ...testTransport(), parameters: { topK: 30, topP: 0.9, stop: ['END'], maxTokens: 800, seed: 1 } });
    server.reply(bedrockRuntime(() => server, { credentials: AWS_CREDENTIALS, region: 'eu-central-1' }, json(200, converseBody([{ text: 'ok' }], 'end_turn'))));
    const response = await provider.complete(ask);
    expect(response.message.parts).toEqual([{ type: 'text', text: 'ok' }]);
    expect(server.requests.at(-1)?.body).toMatchObject({ inferenceConfig: { maxTokens: 800, topP: 0.9, stopSequences: ['END'] }, additionalModelRequestFields: { top_k: 30 } });
    expect(provider.explain().dropped).toEqual({ seed: 'Claude has no seed' });
    const llama = bedrock({ model: 'us.meta.llama3-3-70b-instruct-v1:0', env, parameters: { topK: 30, effort: 'low' } }).explain();
    expect(Object.keys(llama.dropped)).toEqual(['topK', 'effort']);
  });

  it('Azure deployments plan by the model behind them', () => {
    const plan = azureOpenAI({ resource: 'r', deployment: 'prod', apiVersion: '2024-10-21', apiKey: FAKE_KEY, model: 'o4-mini', parameters: { temperature: 0.2, effort: 'minimal' } }).explain();
    expect(plan.dropped).toHaveProperty('temperature');
    expect(plan.sent).toEqual({ effort: 'low' });
    expect(plan.payload).toMatchObject({ reasoning_effort: 'low' });
  });
});
