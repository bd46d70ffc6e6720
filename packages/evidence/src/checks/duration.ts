import { parseDuration as readDuration } from '@warden/protocol/checks';
import { evidenceError } from '../errors/coded-errors.js';

/**
 * `--for 30s`, `--pause 2s`, `1.5m`, `250ms`, `2h`, `1m30s` (a bare number is seconds) in
 * milliseconds — protocol's one reading of durations — or `evidence.invalid_options`.
 */
export function parseDuration(text: string): number {
  const ms = readDuration(text);
  if (ms === undefined) {
    throw evidenceError({ code: 'evidence.invalid_options', message: `"${text.slice(0, 40)}" is not a duration.`, hint: 'Use a number with a unit: 250ms, 30s, 5m, 2h.' });
  }
  return ms;
}
