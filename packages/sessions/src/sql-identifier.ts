import { configError } from './coded-errors.js';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** A table prefix becomes part of SQL text and key names: letters, digits and `_` only. */
export function checkedPrefix(prefix: string): string {
  if (!IDENTIFIER.test(prefix)) {
    throw configError({
      code: 'config.invalid',
      message: `tablePrefix ${JSON.stringify(prefix.slice(0, 60))} is not a plain identifier`,
      hint: 'Use letters, digits and "_" only, starting with a letter or "_" (at most 40 characters).',
    });
  }
  return prefix;
}
