import { configError } from '../errors/coded-errors.js';
import { ConfigError } from '../errors/config-error.js';
import { didYouMean } from './did-you-mean.js';

/**
 * Every key of an options interface, each set to `true`. Declare a factory's list as
 * `{ apiKey: true, model: true } satisfies OptionKeys<MyOptions>`: the compiler then rejects
 * a missing key and a key the interface does not have, so the list cannot drift.
 */
export type OptionKeys<T> = { readonly [K in keyof T]-?: true };

/** Options after defaults: a key with a default is always present. */
export type WithDefaults<T, D> = Omit<T, keyof D> & { [K in keyof D & keyof T]-?: Exclude<T[K], undefined> };

/** The `config.unknown_key` error naming unknown keys, each with "did you mean" when a known key is close. */
export function unknownOptionError(factory: string, keys: readonly string[], known: readonly string[]): ConfigError {
  const guesses = keys.map((key) => didYouMean(key, known));
  const named = keys.map((key, i) => `"${key}"${guesses[i] ? ` (did you mean "${guesses[i]}"?)` : ''}`);
  const guess = guesses.find((g) => g !== undefined);
  return configError({
    code: 'config.unknown_key',
    message: `${factory}: unknown option${keys.length === 1 ? '' : 's'} ${named.join(', ')}`,
    hint: guess !== undefined && keys.length === 1 ? `did you mean "${guess}"?` : `Known options: ${known.join(', ')}.`,
  });
}

/**
 * Checks a factory's options at the boundary and fills in its defaults, in one place:
 * anything but a plain object (or `undefined`, read as `{}`) is `config.invalid`; a key the
 * options interface does not have is `config.unknown_key` with "did you mean" (so
 * `openai({ apikey })` fails instead of silently running without a key). A key set to
 * `undefined` takes its default.
 */
export function strictOptions<T extends object, D extends Partial<T> = Record<never, never>>(
  factory: string,
  keys: OptionKeys<T>,
  input: T | undefined,
  defaults?: D,
): WithDefaults<T, D> {
  const value: unknown = input === undefined ? {} : input;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw configError({ code: 'config.invalid', message: `${factory}: options must be an object, not ${describe(value)}`, hint: `Call ${factory}({ … }) with an options object.` });
  }
  const unknown = Object.keys(value).filter((key) => !Object.hasOwn(keys, key));
  if (unknown.length > 0) throw unknownOptionError(factory, unknown, Object.keys(keys));
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, given] of Object.entries(value)) if (given !== undefined || !Object.hasOwn(merged, key)) merged[key] = given;
  return merged as WithDefaults<T, D>;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}
