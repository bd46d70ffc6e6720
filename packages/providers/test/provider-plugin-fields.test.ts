import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { DEFAULT_PROVIDER_CATALOG, describeProviderPlugin, resolveProvider, withProviders, type ProviderPlugin, type ProviderPluginContext } from '../src/selection.js';
import { openaiCompatible } from '../src/index.js';
import { json, startServer, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function acme(seen: ProviderPluginContext[]): ProviderPlugin {
  return {
    name: 'acme',
    label: 'Acme LLM',
    defaultModel: 'acme-large',
    capabilities: ['tools', 'reasoning'],
    fields: [
      { name: 'token', type: 'string', secret: true, env: 'ACME_TOKEN', required: true, description: 'the API token' },
      { name: 'endpoint', type: 'url', env: 'ACME_ENDPOINT', default: 'https://api.acme.example/v1' },
      { name: 'region', type: 'string', env: 'ACME_REGION', required: true },
      { name: 'maxRetries', type: 'number', env: 'ACME_RETRIES', default: 2 },
      { name: 'beta', type: 'boolean', env: 'ACME_BETA' },
    ],
    create(context) {
      seen.push(context);
      return openaiCompatible({ id: context.id, model: context.model ?? 'none', baseURL: String(context.fields.endpoint), apiKey: String(context.fields.token) });
    },
  };
}

describe('provider plugin registration metadata', () => {
  it('describes declared fields against an environment, never showing a secret', () => {
    const plugin = acme([]);
    const bare = describeProviderPlugin(plugin, {});
    expect(bare).toMatchObject({ name: 'acme', label: 'Acme LLM', defaultModel: 'acme-large', capabilities: ['tools', 'reasoning'], configured: false, missing: ['token', 'region'] });
    expect(bare.fields.find((f) => f.name === 'endpoint')).toMatchObject({ source: 'default', value: 'https://api.acme.example/v1', type: 'url' });
    const set = describeProviderPlugin(plugin, { ACME_TOKEN: 'tok-SECRET-123', ACME_REGION: 'eu', ACME_RETRIES: '5', ACME_BETA: 'true' });
    expect(set.configured).toBe(true);
    expect(set.fields.find((f) => f.name === 'token')).toEqual({ name: 'token', type: 'string', secret: true, required: true, env: 'ACME_TOKEN', description: 'the API token', source: 'env' });
    expect(set.fields.find((f) => f.name === 'maxRetries')).toMatchObject({ source: 'env', value: 5 });
    expect(set.fields.find((f) => f.name === 'beta')).toMatchObject({ source: 'env', value: true });
    expect(JSON.stringify(set)).not.toContain('SECRET');
    // A value of the wrong type is missing, not passed on.
    const wrong = describeProviderPlugin(plugin, { ACME_TOKEN: 't', ACME_REGION: 'eu', ACME_RETRIES: 'many', ACME_ENDPOINT: 'ftp://x' });
    expect(wrong.missing).toEqual(['endpoint', 'maxRetries']);
  });

  it('resolution hands the factory its typed fields, and refuses a plugin with a required field missing (naming the variable, never a value)', async () => {
    const seen: ProviderPluginContext[] = [];
    const catalog = withProviders(DEFAULT_PROVIDER_CATALOG, [acme(seen)]);
    expect(() => resolveProvider({ provider: 'acme', env: { ACME_TOKEN: 'tok-SECRET-9' }, catalog })).toThrow(expect.objectContaining({ code: 'config.invalid', message: 'provider "acme" needs region', hint: expect.stringContaining('ACME_REGION') }));
    server.reply(json(200, { id: 'c1', model: 'acme-large', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    const provider = resolveProvider({ provider: 'acme', env: { ACME_TOKEN: 'tok-1', ACME_REGION: 'eu', ACME_ENDPOINT: `${server.url}/v1` }, catalog });
    expect(seen[0]!.fields).toEqual({ token: 'tok-1', endpoint: `${server.url}/v1`, region: 'eu', maxRetries: 2 });
    const response = await provider.complete({ messages: [userMessage('ping')] });
    expect(response.message.parts[0]).toMatchObject({ text: 'hi' });
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer tok-1');
  });

  it.each([
    [[{ name: 'a b', type: 'string' }]],
    [[{ name: 'token', type: 'secret' }]],
    [[{ name: 'token', type: 'string', secret: true, default: 'hard-coded' }]],
    [[{ name: 'n', type: 'number', default: 'ten' }]],
    [[{ name: 'x', type: 'string', env: 'lower_case' }]],
    [[{ name: 'x', type: 'string' }, { name: 'x', type: 'number' }]],
  ])('withProviders refuses the declaration %j', (fields) => {
    expect(() => withProviders(DEFAULT_PROVIDER_CATALOG, [{ name: 'acme', fields: fields as never, create: () => { throw new Error('unused'); } }])).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});
