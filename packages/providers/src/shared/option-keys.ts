import { ConfigError } from '@warden/protocol';
import { didYouMean } from './did-you-mean.js';

/**
 * Options every factory accepts. A factory lists its own keys in a `Record<keyof Options, true>`
 * (the compiler keeps the list complete), so a typo (`openai({ apikey })`) is an error, not
 * silently ignored.
 */
export const COMMON_OPTION_KEYS = ['model', 'baseURL', 'headers', 'transport', 'prices', 'contextWindow', 'parameters'] as const;

export function checkOptionKeys(factory: string, options: object, known: Readonly<Record<string, true>>): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigError({ code: 'config.invalid', message: `${factory}: options must be an object`, hint: `Call ${factory}({ model, … }).` });
  }
  const names = Object.keys(known);
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    const guess = didYouMean(key, names);
    throw new ConfigError({
      code: 'config.unknown_key',
      message: `${factory}: unknown option "${key}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
      hint: guess ? `did you mean "${guess}"?` : `Known options: ${names.join(', ')}.`,
    });
  }
}
