import { EvidenceError } from '../errors/evidence-error.js';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses `--for 30s`, `--pause 2s`, `1.5m`, `250ms`, `2h` (a bare number is seconds) into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  if (match === null) {
    throw new EvidenceError({ code: 'evidence.invalid_options', message: `"${text.slice(0, 40)}" is not a duration.`, hint: 'Use a number with a unit: 250ms, 30s, 5m, 2h.' });
  }
  return Number(match[1]) * UNITS[match[2] ?? 's']!;
}
