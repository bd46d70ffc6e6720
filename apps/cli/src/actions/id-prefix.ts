import { CliError } from '../cli/cli-error.js';

/**
 * An id as typed: the exact id, else the one id that starts with it. Several ids sharing the
 * prefix is a usage error that lists them; no match returns the value unchanged (the store
 * then says it does not know it).
 */
export function resolveIdPrefix(value: string, ids: readonly string[], what: 'session' | 'approval'): string {
  if (ids.includes(value)) return value;
  const matches = [...new Set(ids.filter((id) => id.startsWith(value)))];
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    const shown = matches.slice(0, 10).join(', ') + (matches.length > 10 ? ', …' : '');
    throw new CliError({
      code: 'cli.ambiguous_id',
      message: `"${value}" is the start of ${matches.length} ${what} ids: ${shown}`,
      key: 'error.ambiguousId',
      params: { value, count: matches.length, what, ids: shown },
      hintKey: 'hint.ambiguousId',
    });
  }
  return value;
}
