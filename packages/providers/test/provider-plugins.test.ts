import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, userMessage } from '@warden/protocol';
import { DEFAULT_PROVIDER_CATALOG, resolveProvider, withProviders, type ProviderPlugin, type ProviderPluginContext } from '../src/selection.js';
import { openaiCompatible } from '../src/index.js';
import { json, startServer, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A plugin in the shape a package would export: it speaks to "its" server through the OpenAI-compatible adapter. */
function acme(seen: ProviderPluginContext[]): ProviderPlugin {
  return {
    name: 'acme',
    defaultModel: 'acme-large',
    create(context) {
      seen.push(context);
      return openaiCompatible({ id: context.id, model: context.model ?? 'none', baseURL: context.baseURL ?? `${server.url}/v1`, ...(context.apiKey ? { apiKey: context.apiKey } : {}) });
    },
  };
}

describe('provider plugins: an explicit catalogue, no global registry', () => {
  it('a plugin is selected by name and reads only its own variables', async () => {
    const seen: ProviderPluginContext[] = [];
    const catalog = withProviders(DEFAULT_PROVIDER_CATALOG, [acme(seen)]);
    server.reply(json(200, { id: 'c1', model: 'acme-large', choices: [{ index: 0, message: { role: 'assistant', content: 'hello from acme' }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 3 } }));
    const env = { WARDEN_PROVIDER: 'acme', ACME_API_KEY: 'acme-key-123', WARDEN_API_KEY: 'shared-key-DONOTSEND', OPENAI_API_KEY: 'sk-openai-DONOTSEND' };
    const provider = resolveProvider({ env, catalog });
    expect(provider.id).toBe('acme');
    expect(provider.model).toBe('acme-large');
    const response = await provider.complete({ messages: [userMessage('hi')] });
    expect(response.provider).toBe('acme');
    expect(response.message.parts).toEqual([{ type: 'text', text: 'hello from acme' }]);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer acme-key-123');
    expect(seen[0]).toMatchObject({ id: 'acme', model: 'acme-large', apiKey: 'acme-key-123' });
    expect(JSON.stringify(seen[0]?.apiKey)).not.toContain('DONOTSEND');

    const explicit = resolveProvider({ provider: 'acme', model: 'acme-small', env: { ACME_MODEL: 'ignored' }, catalog });
    expect(explicit.model).toBe('acme-small');
    expect(resolveProvider({ provider: 'acme', env: { ACME_MODEL: 'acme-medium' }, catalog }).model).toBe('acme-medium');
  });

  it('catalogues are values: adding to one leaves the other alone, and the default knows no plugin', () => {
    const catalog = withProviders(DEFAULT_PROVIDER_CATALOG, [acme([])]);
    expect(DEFAULT_PROVIDER_CATALOG.plugins).toEqual([]);
    expect(Object.isFrozen(catalog.plugins)).toBe(true);
    const error = (() => {
      try {
        resolveProvider({ provider: 'acme', env: {} });
      } catch (e) {
        return e;
      }
    })();
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).hint).not.toContain('acme');
    try {
      resolveProvider({ provider: 'acmee', env: {}, catalog });
      expect.unreachable();
    } catch (e) {
      expect((e as ConfigError).hint).toContain('Did you mean "acme"?');
    }
  });

  it('refuses a plugin that shadows a built-in provider, a duplicate, a bad name, and a factory that returns no provider', () => {
    const create = (): never => {
      throw new Error('not called');
    };
    expect(() => withProviders(DEFAULT_PROVIDER_CATALOG, [{ name: 'openai', create }])).toThrow(/name of a built-in provider/);
    const once = withProviders(DEFAULT_PROVIDER_CATALOG, [{ name: 'acme', create }]);
    expect(() => withProviders(once, [{ name: 'acme', create }])).toThrow(/added twice/);
    expect(() => withProviders(DEFAULT_PROVIDER_CATALOG, [{ name: 'Bad Name', create }])).toThrow(/not an id/);
    const broken = withProviders(DEFAULT_PROVIDER_CATALOG, [{ name: 'broken', create: () => ({ id: 'broken' }) as never }]);
    expect(() => resolveProvider({ provider: 'broken', catalog: broken })).toThrow(/did not return a ProviderV1/);
  });

  it('is never inferred from a model name or a key: only a name selects it', () => {
    const catalog = withProviders(DEFAULT_PROVIDER_CATALOG, [acme([])]);
    expect(resolveProvider({ model: 'gpt-4.1', env: { OPENAI_API_KEY: 'sk-x', ACME_API_KEY: 'k' }, catalog }).id).toBe('openai');
  });
});
