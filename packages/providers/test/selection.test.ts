import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { describeProviders, inferProvider, resolveProvider } from '../src/selection.js';
import { FAKE_KEY, fixtureJson, json, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const CLOUD_KEY = 'sk-cloud-FAKEKEY-warden-shared-DONOTLEAK';
const { transport } = testTransport();

describe('resolveProvider', () => {
  it('infers the provider from the model name', () => {
    expect(['gpt-4.1', 'o3', 'claude-opus-4-1', 'gemini-2.5-pro', 'grok-4', 'deepseek-reasoner', 'mistral-large-latest', 'meta-llama/llama-3.3-70b', 'qwen3:8b', 'mystery'].map(inferProvider)).toEqual([
      'openai',
      'openai',
      'anthropic',
      'gemini',
      'xai',
      'deepseek',
      'mistral',
      'openrouter',
      'ollama',
      undefined,
    ]);
    expect(resolveProvider({ model: 'claude-opus-4-1', env: { ANTHROPIC_API_KEY: FAKE_KEY } })).toMatchObject({ id: 'anthropic', model: 'claude-opus-4-1' });
  });

  it('reads WARDEN_PROVIDER, <PROVIDER>_MODEL before WARDEN_MODEL, and explicit options over both', () => {
    const env = { WARDEN_PROVIDER: 'groq', GROQ_API_KEY: FAKE_KEY, GROQ_MODEL: 'llama-3.1-8b-instant', WARDEN_MODEL: 'qwen-qwq-32b' };
    expect(resolveProvider({ env })).toMatchObject({ id: 'groq', model: 'llama-3.1-8b-instant' });
    expect(resolveProvider({ env: { ...env, GROQ_MODEL: undefined } })).toMatchObject({ model: 'qwen-qwq-32b' });
    expect(resolveProvider({ env: { WARDEN_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: FAKE_KEY, WARDEN_MODEL: 'gpt-4o' } }).model).toBe('claude-sonnet-4-0');
    expect(resolveProvider({ env, provider: 'deepseek', model: 'deepseek-chat', apiKey: FAKE_KEY })).toMatchObject({ id: 'deepseek', model: 'deepseek-chat' });
    expect(resolveProvider({ env: { GEMINI_API_KEY: FAKE_KEY } })).toMatchObject({ id: 'gemini', model: 'gemini-2.5-flash' });
  });

  it('gives WARDEN_API_KEY to a cloud provider and honours <PROVIDER>_BASE_URL', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const provider = resolveProvider({ env: { WARDEN_PROVIDER: 'openai', WARDEN_API_KEY: CLOUD_KEY, OPENAI_BASE_URL: `${server.url}/v1` }, transport });
    await provider.complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${CLOUD_KEY}`);
  });

  it.each(['ollama', 'lmstudio', 'vllm'])('never sends a cloud key to the local %s server', async (id) => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const prefix = id.toUpperCase();
    const env = { WARDEN_PROVIDER: id, WARDEN_API_KEY: CLOUD_KEY, OPENAI_API_KEY: CLOUD_KEY, ANTHROPIC_API_KEY: CLOUD_KEY, [`${prefix}_BASE_URL`]: `${server.url}/v1`, [`${prefix}_MODEL`]: 'local-model' };
    const provider = resolveProvider({ env, transport });
    const response = await provider.complete({ messages: [userMessage('hi')] });
    const headers = server.requests.at(-1)?.headers ?? {};
    expect(headers.authorization).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain('FAKEKEY');
    expect(response.costUsd).toBe(0);
  });

  it('a base URL alone selects the generic OpenAI-compatible provider, which never gets a cloud key', async () => {
    for (const env of [
      { WARDEN_MODEL: 'qwen2.5-coder', OPENAI_API_KEY: CLOUD_KEY, WARDEN_API_KEY: CLOUD_KEY },
      { WARDEN_MODEL: 'gpt-4o-mini', WARDEN_BASE_URL: `${server.url}/v1`, OPENAI_API_KEY: CLOUD_KEY },
    ]) {
      server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
      const provider = resolveProvider({ env, ...('WARDEN_BASE_URL' in env ? {} : { baseURL: `${server.url}/v1` }), transport });
      expect(provider.id).toBe('openai-compatible');
      await provider.complete({ messages: [userMessage('hi')] });
      const request = server.requests.at(-1);
      expect(request?.headers.authorization).toBeUndefined();
      expect(JSON.stringify(request?.headers)).not.toContain('FAKEKEY');
      expect(request?.body).toMatchObject({ model: env.WARDEN_MODEL });
    }
  });

  it('WARDEN_BASE_URL never redirects a cloud provider (its key stays with its own <PROVIDER>_BASE_URL)', () => {
    const provider = resolveProvider({ env: { WARDEN_PROVIDER: 'openai', OPENAI_API_KEY: CLOUD_KEY, WARDEN_BASE_URL: 'http://collector.invalid/v1' }, transport });
    expect(provider.id).toBe('openai');
    expect(JSON.stringify(provider)).not.toContain('collector.invalid');
  });

  it('openai-compatible without a URL, or without a model, says what to pass', () => {
    const hintOf = (attempt: () => unknown): string => {
      try {
        attempt();
      } catch (error) {
        return (error as { hint?: string }).hint ?? '';
      }
      return 'no error';
    };
    expect(hintOf(() => resolveProvider({ env: { WARDEN_PROVIDER: 'openai-compatible', WARDEN_MODEL: 'm' } }))).toContain('--base-url');
    expect(hintOf(() => resolveProvider({ env: {}, baseURL: 'http://localhost:8000/v1' }))).toContain('--model');
  });

  it('with nothing configured, the hint names --base-url and warden demo', () => {
    let caught: unknown;
    try {
      resolveProvider({ env: {} });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'provider.not_configured', hint: expect.stringContaining('--base-url') });
    expect((caught as { hint: string }).hint).toContain('warden demo');
  });

  it('gives a local server its own key when one is set', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    const provider = resolveProvider({ env: { WARDEN_PROVIDER: 'vllm', VLLM_API_KEY: 'vllm-local-token', VLLM_MODEL: 'm', VLLM_BASE_URL: server.url, WARDEN_API_KEY: CLOUD_KEY }, transport });
    await provider.complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer vllm-local-token');
  });

  it('fails with provider.not_configured naming variables, never values', () => {
    const attempts = [
      () => resolveProvider({ env: {} }),
      () => resolveProvider({ env: { WARDEN_PROVIDER: 'anthropic', OPENAI_API_KEY: CLOUD_KEY } }),
      () => resolveProvider({ env: { WARDEN_PROVIDER: 'lmstudio', WARDEN_API_KEY: CLOUD_KEY } }),
    ];
    for (const attempt of attempts) {
      let caught: unknown;
      try {
        attempt();
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'provider.not_configured' });
      expect(JSON.stringify(caught) + String((caught as Error).message)).not.toContain('FAKEKEY');
    }
    expect(() => resolveProvider({ env: { WARDEN_PROVIDER: 'anthropic' } })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => resolveProvider({ provider: 'nope', env: {} })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});

describe('describeProviders', () => {
  it('says what is configured and what is missing without any value', () => {
    const env = { ANTHROPIC_API_KEY: FAKE_KEY, WARDEN_API_KEY: CLOUD_KEY, LMSTUDIO_MODEL: 'qwen2.5-7b', OLLAMA_BASE_URL: 'http://10.0.0.5:11434/v1' };
    const described = describeProviders(env);
    const byId = Object.fromEntries(described.map((d) => [d.id, d]));
    expect(byId.anthropic).toMatchObject({ configured: true, missing: [], keyFrom: 'ANTHROPIC_API_KEY' });
    expect(byId.openai).toMatchObject({ configured: true, keyFrom: 'WARDEN_API_KEY' });
    expect(byId.ollama).toMatchObject({ local: true, configured: true, missing: [] });
    expect(byId.ollama?.reads).not.toContain('WARDEN_API_KEY');
    expect(byId.lmstudio).toMatchObject({ configured: true });
    expect(byId.vllm).toMatchObject({ configured: false, missing: ['VLLM_MODEL'] });
    expect(describeProviders({}).find((d) => d.id === 'gemini')).toMatchObject({ configured: false, missing: ['GEMINI_API_KEY'], reads: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'WARDEN_API_KEY', 'GEMINI_MODEL', 'GEMINI_BASE_URL', 'WARDEN_MODEL'] });
    const text = JSON.stringify(described);
    for (const value of Object.values(env)) expect(text).not.toContain(value);
    expect(described.map((d) => d.id)).toEqual(['openai', 'anthropic', 'gemini', 'openrouter', 'groq', 'together', 'deepseek', 'mistral', 'xai', 'fireworks', 'cerebras', 'ollama', 'lmstudio', 'vllm', 'openai-compatible', 'openai-responses', 'azure-openai', 'bedrock', 'vertex-gemini', 'vertex-anthropic']);
  });
});
