/** A string literal read from inline code, or undefined when the value is built at run time. */
export interface Literal {
  value: string | undefined;
  end: number;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', '`': '`', $: '$', ' ': ' ' };

/**
 * Reads one string literal at `at` (after optional whitespace): `'…'`, `"…"`, `` `…` ``, Python's
 * `r'…'`/`b'…'`/`f'…'` and triple quotes. `interpolates` says which quotes substitute variables
 * (Perl, Ruby, PHP double quotes; JS templates with `${`; Python f-strings): those are dynamic.
 */
export function readLiteral(code: string, at: number, interpolates: RegExp | undefined): Literal | undefined {
  let i = at;
  while (i < code.length && /\s/.test(code[i] as string)) i += 1;
  const prefix = /^[rRbBfFuU]{0,2}(?=['"])/.exec(code.slice(i, i + 3))?.[0] ?? '';
  const raw = /r/i.test(prefix);
  const fString = /f/i.test(prefix);
  i += prefix.length;
  const quote = code[i];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  const triple = code.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  i += close.length;
  let value = '';
  while (i < code.length) {
    if (code.startsWith(close, i)) {
      const dynamic = (fString && value.includes('{')) || (quote === '`' && value.includes('${')) || (interpolates !== undefined && quote !== "'" && interpolates.test(value));
      return { value: dynamic ? undefined : value, end: i + close.length };
    }
    const ch = code[i] as string;
    if (ch === '\\' && !raw && i + 1 < code.length) {
      const next = code[i + 1] as string;
      value += ESCAPES[next] ?? `\\${next}`;
      i += 2;
      continue;
    }
    value += ch;
    i += 1;
  }
  return undefined;
}

/**
 * The argument ends after a list (`)`, `,` before options, `;`): anything else — `["git", "push"] + extra`,
 * `[…].concat(x)`, `[…, *rest]` — adds words only known at run time, so the call is not read.
 */
function closes(code: string, end: number): boolean {
  const next = code[skipSpace(code, end)];
  return next === undefined || /[),;\n}]/.test(next);
}

function quoteWord(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}

function skipSpace(code: string, i: number): number {
  let j = i;
  while (/\s/.test(code[j] ?? '')) j += 1;
  return j;
}

/** `[lit, lit, …]`: the items, or undefined when one is not a literal. */
function readList(code: string, at: number, interpolates: RegExp | undefined): { items: string[] | undefined; end: number } {
  const items: string[] = [];
  let i = skipSpace(code, at + 1);
  if (code[i] === ']') return { items, end: i + 1 };
  for (;;) {
    const item = readLiteral(code, i, interpolates);
    if (!item || item.value === undefined) return { items: undefined, end: i };
    items.push(item.value);
    i = skipSpace(code, item.end);
    if (code[i] === ',') i = skipSpace(code, i + 1);
    if (code[i] === ']') return { items, end: i + 1 };
    if (code[i] === ',' || !/['"`rbfRBF]/.test(code[i] ?? '')) return { items: undefined, end: i };
  }
}

/**
 * The command a process-starting call runs, read at `at` (just after the callee): a literal
 * (`system("ls")`), a list of literals (`run(["rm", "-rf", "x"])`), or a program and its arguments
 * (`spawn("rm", ["-rf", "x"])`, Perl's `system("rm", "-rf", "x")`), as one shell command line.
 * Anything built at run time (`"rm " + x`, `f"…{x}"`, a variable) is dynamic.
 */
export function readCallArgument(code: string, at: number, interpolates: RegExp | undefined): Literal {
  let i = at;
  while (i < code.length && /[\s(]/.test(code[i] as string)) i += 1;
  if (code[i] === '[') {
    const list = readList(code, i, interpolates);
    return { value: closes(code, list.end) ? list.items?.map(quoteWord).join(' ') : undefined, end: list.end };
  }
  const literal = readLiteral(code, i, interpolates);
  if (!literal) return { value: undefined, end: i };
  let j = skipSpace(code, literal.end);
  const next = code[j];
  if (next === ',' && literal.value !== undefined) {
    const after = skipSpace(code, j + 1);
    if (code[after] === '[') {
      const list = readList(code, after, interpolates);
      return { value: list.items === undefined || !closes(code, list.end) ? undefined : [literal.value, ...list.items].map(quoteWord).join(' '), end: list.end };
    }
    if (readLiteral(code, after, interpolates)) {
      const words = [literal.value];
      j = after;
      for (;;) {
        const more = readLiteral(code, j, interpolates);
        if (!more || more.value === undefined) return { value: undefined, end: j };
        words.push(more.value);
        j = skipSpace(code, more.end);
        if (code[j] !== ',') break;
        j = skipSpace(code, j + 1);
      }
      return { value: words.map(quoteWord).join(' '), end: j };
    }
    return literal;
  }
  if (next !== undefined && !/[),;\n}]/.test(next)) return { value: undefined, end: j };
  return literal;
}
