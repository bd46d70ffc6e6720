import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';

// Pins the public surface: adding or removing a name here is an API change.
describe('public surface of @warden/providers', () => {
  it('package name and exports keys', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/providers');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
  });

  it('runtime names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'AuthError',
      'CircuitBreaker',
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
      'RetryPolicy',
      'SseParser',
      'TimeoutError',
      'UnavailableError',
      'anthropic',
      'azureOpenAI',
      'bedrock',
      'createHttpTransport',
      'createPriceTable',
      'describeProviders',
      'fallback',
      'gemini',
      'inferProvider',
      'isRetryableStatus',
      'listModels',
      'lookupModel',
      'openai',
      'openaiCompatible',
      'openaiPreset',
      'openaiResponses',
      'parseDuration',
      'parseRetryAfter',
      'parseSse',
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
});
