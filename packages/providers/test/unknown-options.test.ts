import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import {
  anthropic,
  azureOpenAI,
  bedrock,
  fallback,
  gemini,
  openai,
  openaiCompatible,
  openaiPreset,
  openaiResponses,
  serviceAccountToken,
  vertexAnthropic,
  vertexGemini,
} from '../src/index.js';
import { createPriceTable } from '../src/catalog.js';
import { replay } from '../src/record-replay.js';
import { resolveProvider } from '../src/selection.js';
import { createHttpTransport } from '../src/transport.js';

function failure(build: () => unknown): ConfigError {
  try {
    build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

// Every public factory: a misspelt option is an error naming the key it meant, never silently ignored.
const typo = { apikey: 'k' } as never;
const cases: Array<[string, () => unknown, string]> = [
  ['openai', () => openai(typo), 'apiKey'],
  ['openaiCompatible', () => openaiCompatible(typo), 'apiKey'],
  ['openaiPreset', () => openaiPreset('groq', typo), 'apiKey'],
  ['openaiResponses', () => openaiResponses(typo), 'apiKey'],
  ['anthropic', () => anthropic(typo), 'apiKey'],
  ['gemini', () => gemini(typo), 'apiKey'],
  ['azureOpenAI', () => azureOpenAI(typo), 'apiKey'],
  ['bedrock', () => bedrock({ regoin: 'us-east-1' } as never), 'region'],
  ['vertexGemini', () => vertexGemini({ projcet: 'p' } as never), 'project'],
  ['vertexAnthropic', () => vertexAnthropic({ projcet: 'p' } as never), 'project'],
  ['resolveProvider', () => resolveProvider({ modle: 'x' } as never), 'model'],
  ['createHttpTransport', () => createHttpTransport({ provider: 'p', timeoutMS: 5 } as never), 'timeoutMs'],
  ['createPriceTable', () => createPriceTable({ model: [] } as never), 'models'],
  ['fallback', () => fallback([openai({ apiKey: 'k', model: 'm' })], { shouldFailover: () => true } as never), 'shouldFailOver'],
  ['replay', () => replay('x.jsonl', { mach: 'order' } as never), 'match'],
  ['serviceAccountToken', () => serviceAccountToken({} as never, { scope: [] } as never), 'scopes'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', (factory, build, meant) => {
    const error = failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory === 'openaiPreset' ? "openaiPreset('groq')" : factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });

  it('a non-object is config.invalid', () => {
    expect(failure(() => openai('sk-key' as never)).code).toBe('config.invalid');
  });
});
