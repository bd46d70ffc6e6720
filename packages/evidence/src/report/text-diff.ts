export type DiffLine = { kind: 'same' | 'del' | 'ins'; text: string };

const MAX_CELLS = 250_000;

/**
 * Line diff (LCS) of two texts. Above MAX_CELLS comparisons it falls back to
 * "everything removed, everything added" rather than burning time.
 */
export function lineDiff(a: string, b: string): DiffLine[] {
  const left = a.split('\n');
  const right = b.split('\n');
  const n = left.length;
  const m = right.length;
  if (n * m > MAX_CELLS) return [...left.map((text) => ({ kind: 'del' as const, text })), ...right.map((text) => ({ kind: 'ins' as const, text }))];
  const table: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = left[i] === right[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (left[i] === right[j]) {
      out.push({ kind: 'same', text: left[i]! });
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) {
      out.push({ kind: 'del', text: left[i++]! });
    } else {
      out.push({ kind: 'ins', text: right[j++]! });
    }
  }
  while (i < n) out.push({ kind: 'del', text: left[i++]! });
  while (j < m) out.push({ kind: 'ins', text: right[j++]! });
  return out;
}
