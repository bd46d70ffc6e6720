import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';
import * as transport from '../src/transport.js';

// Pins the public surface: adding or removing a name here is an API change.
describe('public surface of @warden/providers and @warden/providers/transport', () => {
  it('package name and exports keys', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/providers');
    expect(Object.keys(pkg.exports)).toEqual(['.', './transport', './package.json']);
  });

  it('runtime names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'AuthError',
      'ContentFilterError',
      'ContextLengthError',
      'DEFAULT_PRICES',
      'DEFAULT_PROVIDER_CATALOG',
      'EFFORT_LEVELS',
      'MODEL_CATALOG',
      'NetworkError',
      'OPENAI_PRESETS',
      'OverloadedError',
      'PARAMETER_NAMES',
      'PROVIDER_CATALOG',
      'PROVIDER_ERROR_CODES',
      'ParameterError',
      'RateLimitError',
      'TimeoutError',
      'UnavailableError',
      'anthropic',
      'azureOpenAI',
      'bedrock',
      'createPriceTable',
      'describeProviderPlugin',
      'describeProviders',
      'fallback',
      'gemini',
      'inferProvider',
      'listModels',
      'lookupModel',
      'openai',
      'openaiCompatible',
      'openaiPreset',
      'openaiResponses',
      'planParameters',
      'recording',
      'replay',
      'resolveProvider',
      'responsesBuiltinCalls',
      'serviceAccountToken',
      'shouldFailOver',
      'vertexAnthropic',
      'vertexGemini',
      'withProviders',
    ]);
  });

  it('transport subpath runtime names', () => {
    expect(Object.keys(transport).sort()).toEqual(['CircuitBreaker', 'RetryPolicy', 'SseParser', 'createHttpTransport', 'isRetryableStatus', 'parseDuration', 'parseRetryAfter', 'parseSse']);
  });
});
