/** One line of a unified diff: kept (context), removed or added. */
export interface DiffLine {
  kind: ' ' | '-' | '+';
  text: string;
  /** Line numbers (1-based) in the old and the new text. */
  oldNo: number;
  newNo: number;
}

/** Above this many cells the middle is shown as removed then added (no alignment), to stay cheap. */
const MAX_CELLS = 250_000;

/** The longest-common-subsequence alignment of two short line lists. */
function align(a: readonly string[], b: readonly string[]): Array<' ' | '-' | '+'> {
  if (a.length * b.length > MAX_CELLS) return [...a.map(() => '-' as const), ...b.map(() => '+' as const)];
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? table[(i + 1) * cols + j + 1]! + 1 : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const out: Array<' ' | '-' | '+'> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(' ');
      i++;
      j++;
    } else if (table[(i + 1) * cols + j]! >= table[i * cols + j + 1]!) {
      out.push('-');
      i++;
    } else {
      out.push('+');
      j++;
    }
  }
  while (i++ < a.length) out.push('-');
  while (j++ < b.length) out.push('+');
  return out;
}

/** Every line of both texts, aligned: common head and tail first, the middle by LCS. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const kinds: Array<' ' | '-' | '+'> = [...Array<' '>(head).fill(' '), ...align(a.slice(head, a.length - tail), b.slice(head, b.length - tail)), ...Array<' '>(tail).fill(' ')];
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  for (const kind of kinds) {
    if (kind === ' ') out.push({ kind, text: a[i]!, oldNo: ++i, newNo: ++j });
    else if (kind === '-') out.push({ kind, text: a[i]!, oldNo: ++i, newNo: j });
    else out.push({ kind, text: b[j]!, oldNo: i, newNo: ++j });
  }
  return out;
}

/**
 * A unified diff (`@@ -a,b +c,d @@` hunks with `context` lines around each change), as plain
 * lines without colour. Empty when the texts are the same.
 */
export function unifiedDiff(before: string, after: string, context = 3): string[] {
  const lines = diffLines(before, after);
  const changed = lines.map((line, index) => (line.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  if (changed.length === 0) return [];
  const hunks: Array<[number, number]> = [];
  for (const index of changed) {
    const start = Math.max(0, index - context);
    const end = Math.min(lines.length - 1, index + context);
    const last = hunks.at(-1);
    if (last && start <= last[1] + 1) last[1] = end;
    else hunks.push([start, end]);
  }
  const out: string[] = [];
  for (const [start, end] of hunks) {
    const slice = lines.slice(start, end + 1);
    const oldCount = slice.filter((l) => l.kind !== '+').length;
    const newCount = slice.filter((l) => l.kind !== '-').length;
    const first = slice[0]!;
    // Lines of each text before the hunk; a hunk with no lines of one side names the line before it.
    const oldBefore = first.kind === '+' ? first.oldNo : first.oldNo - 1;
    const newBefore = first.kind === '-' ? first.newNo : first.newNo - 1;
    out.push(`@@ -${oldCount === 0 ? oldBefore : oldBefore + 1},${oldCount} +${newCount === 0 ? newBefore : newBefore + 1},${newCount} @@`);
    for (const line of slice) out.push(`${line.kind}${line.text}`);
  }
  return out;
}
