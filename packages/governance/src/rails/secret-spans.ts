import type { Redactor } from '../redaction/redactor.js';

const MARKER = /\[redacted:([^\]\s]{1,80})\]/g;

/**
 * Where the redactor's secrets sit in `text`, found by aligning its output with the input: the
 * redacted text is the original with some ranges replaced by `[redacted:<kind>]`, so the literal
 * pieces between markers are located in the original in order (backtracking when a piece also
 * occurs inside a secret). One owner of the secret formats — the redactor — and exact spans.
 */
export function secretSpans(redactor: Pick<Redactor, 'redact'>, text: string): Array<{ kind: string; start: number; end: number }> {
  const redacted = redactor.redact(text);
  if (redacted === text) return [];
  const literals: string[] = [];
  const kinds: string[] = [];
  let at = 0;
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(redacted); m; m = MARKER.exec(redacted)) {
    literals.push(redacted.slice(at, m.index));
    kinds.push(m[1]!);
    at = m.index + m[0].length;
  }
  literals.push(redacted.slice(at));
  if (!text.startsWith(literals[0]!)) return [];
  const spans = align(text, literals, 1, literals[0]!.length);
  return spans ? spans.map(([start, end], i) => ({ kind: kinds[i]!, start, end })) : [];
}

/** Places literals[i…] in `text` from `from` (each secret non-empty); the secret ranges, or undefined. */
function align(text: string, literals: readonly string[], i: number, from: number): Array<[number, number]> | undefined {
  const piece = literals[i]!;
  const last = i === literals.length - 1;
  if (last) {
    const start = text.length - piece.length;
    return start > from && text.endsWith(piece) ? [[from, start]] : undefined;
  }
  for (let start = text.indexOf(piece, from + 1); start !== -1; start = text.indexOf(piece, start + 1)) {
    const rest = align(text, literals, i + 1, start + piece.length);
    if (rest) return [[from, start], ...rest];
  }
  return undefined;
}
