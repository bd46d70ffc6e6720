import { describe, expect, it } from 'vitest';
import { ConfigError, type OptionKeys } from '../src/index.js';
import { didYouMean, editDistance, strictOptions, unknownOptionError } from '../src/checks.js';

interface ClientOptions {
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
}
const CLIENT_KEYS = { apiKey: true, model: true, timeoutMs: true } satisfies OptionKeys<ClientOptions>;

/** A factory as packages write one: typed options in, checked options with defaults out. */
function client(options?: ClientOptions) {
  return strictOptions('client', CLIENT_KEYS, options, { timeoutMs: 1000 });
}

function thrown(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('editDistance', () => {
  it.each([
    ['model', 'model', 0],
    ['apikey', 'apiKey', 0],
    ['modle', 'model', 1],
    ['promt', 'prompt', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['ab', 'ba', 1],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it('is symmetric, zero only for equal names, and at most the longer length', () => {
    const words = ['', 'a', 'ab', 'ba', 'model', 'modle', 'maxTurns', 'max-turns', 'approver', 'apporver', 'workdir'];
    for (const a of words) {
      for (const b of words) {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a.toLowerCase() === b.toLowerCase());
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      }
    }
  });
});

describe('didYouMean', () => {
  it('suggests the closest known name for a typo', () => {
    expect(didYouMean('apikey', ['model', 'apiKey'])).toBe('apiKey');
    expect(didYouMean('apporver', ['approver', 'provider'])).toBe('approver');
    expect(didYouMean('--promt', ['--prompt', '--provider'])).toBe('--prompt');
    expect(didYouMean('sesions', ['run', 'sessions'])).toBe('sessions');
    expect(didYouMean('wardne', ['warden'])).toBe('warden');
  });

  it('suggests nothing when no name is close, or there are none', () => {
    expect(didYouMean('zzz', ['model', 'apiKey'])).toBeUndefined();
    expect(didYouMean('temperature', ['model'])).toBeUndefined();
    expect(didYouMean('x', [])).toBeUndefined();
  });

  it('allows one edit in short names, two from five characters', () => {
    expect(didYouMean('ab', ['xy'])).toBeUndefined();
    expect(didYouMean('abd', ['abc'])).toBe('abc');
    expect(didYouMean('abxy', ['abcd'])).toBeUndefined();
    expect(didYouMean('modxy', ['model'])).toBe('model');
  });

  it('breaks ties towards the earlier name', () => {
    expect(didYouMean('mode', ['model', 'modes'])).toBe('model');
  });
});

describe('strictOptions', () => {
  it('returns the options over the defaults, a key set to undefined taking its default', () => {
    const options = client({ model: 'm', timeoutMs: undefined });
    expect(options).toEqual({ model: 'm', timeoutMs: 1000 });
    const timeout: number = options.timeoutMs;
    expect(timeout).toBe(1000);
  });

  it('reads undefined as no options, and does not change the input', () => {
    expect(client()).toEqual({ timeoutMs: 1000 });
    const input = { model: 'm' };
    const out = client(input);
    expect(out).toEqual({ model: 'm', timeoutMs: 1000 });
    expect(input).toEqual({ model: 'm' });
    expect(out).not.toBe(input);
  });

  it('rejects an unknown key with config.unknown_key and "did you mean"', () => {
    const error = thrown(() => strictOptions('openai', CLIENT_KEYS, { apikey: 'k' } as ClientOptions));
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toBe('openai: unknown option "apikey" (did you mean "apiKey"?)');
    expect(error.hint).toBe('did you mean "apiKey"?');
  });

  it('lists the known keys when nothing is close, and names every unknown key', () => {
    const far = thrown(() => strictOptions('client', CLIENT_KEYS, { zzz: 1 } as ClientOptions));
    expect(far.hint).toBe('Known options: apiKey, model, timeoutMs.');
    const two = thrown(() => strictOptions('client', CLIENT_KEYS, { modle: 'x', zzz: 1 } as ClientOptions));
    expect(two.message).toBe('client: unknown options "modle" (did you mean "model"?), "zzz"');
  });

  it('does not take inherited names for options', () => {
    for (const key of ['toString', 'constructor', 'hasOwnProperty']) {
      expect(thrown(() => strictOptions('client', CLIENT_KEYS, { [key]: 1 })).code).toBe('config.unknown_key');
    }
    const parsed = JSON.parse('{"__proto__": {"model": "x"}}') as ClientOptions;
    expect(thrown(() => strictOptions('client', CLIENT_KEYS, parsed)).code).toBe('config.unknown_key');
  });

  it.each([null, 'k', 42, true, ['model']])('rejects %j with config.invalid', (value) => {
    const error = thrown(() => strictOptions('client', CLIENT_KEYS, value as unknown as ClientOptions));
    expect(error.code).toBe('config.invalid');
    expect(error.message).toMatch(/^client: options must be an object/);
  });

  it('unknownOptionError builds the same error for code that checks keys its own way (zod)', () => {
    const error = unknownOptionError('readFile', ['maxbytes'], ['path', 'maxBytes']);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error.message).toBe('readFile: unknown option "maxbytes" (did you mean "maxBytes"?)');
  });

  it('the key list is checked by the compiler against the interface', () => {
    // @ts-expect-error a key list missing `timeoutMs` does not satisfy OptionKeys<ClientOptions>
    const missing = { apiKey: true, model: true } satisfies OptionKeys<ClientOptions>;
    // @ts-expect-error a key the interface does not have is refused too
    const extra = { apiKey: true, model: true, timeoutMs: true, retries: true } satisfies OptionKeys<ClientOptions>;
    expect(Object.keys(missing)).toHaveLength(2);
    expect(Object.keys(extra)).toHaveLength(4);
  });
});
