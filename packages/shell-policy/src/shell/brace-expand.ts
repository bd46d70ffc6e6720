/**
 * A character of a word after quote removal, with how it was written:
 * `q` quoted or escaped (literal), `u` unquoted source text (brace and glob active),
 * `e` the unquoted result of an expansion (word splitting and glob active).
 */
export interface WordChar {
  c: string;
  k: 'q' | 'u' | 'e';
}

/** Brace expansion stops here; past it the word is treated as undecidable. */
export const MAX_BRACE_RESULTS = 256;

function findBrace(chars: WordChar[]): { open: number; close: number; commas: number[]; range: boolean } | undefined {
  for (let open = 0; open < chars.length; open++) {
    const o = chars[open] as WordChar;
    if (o.c !== '{' || o.k !== 'u') continue;
    let depth = 0;
    const commas: number[] = [];
    for (let j = open + 1; j < chars.length; j++) {
      const ch = chars[j] as WordChar;
      if (ch.k !== 'u') continue;
      if (ch.c === '{') depth += 1;
      else if (ch.c === '}') {
        if (depth === 0) {
          const body = chars.slice(open + 1, j).map((x) => x.c).join('');
          const range = commas.length === 0 && /^(-?\d+\.\.-?\d+|[A-Za-z]\.\.[A-Za-z])(\.\.-?\d+)?$/.test(body);
          if (commas.length > 0 || range) return { open, close: j, commas, range };
          break;
        }
        depth -= 1;
      } else if (ch.c === ',' && depth === 0) commas.push(j);
    }
  }
  return undefined;
}

function rangeItems(body: string): string[] | undefined {
  const [a = '', b = '', stepText] = body.split('..');
  const step = Math.abs(Number(stepText ?? '1')) || 1;
  const numeric = /^-?\d+$/.test(a);
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  if (Math.abs(to - from) / step > MAX_BRACE_RESULTS) return undefined;
  const out: string[] = [];
  const dir = to >= from ? 1 : -1;
  for (let v = from; dir > 0 ? v <= to : v >= to; v += dir * step) out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}

/** Bash brace expansion (`a{b,c}d`, `{1..3}`) over unquoted characters; undefined if it explodes. */
export function braceExpand(chars: WordChar[]): WordChar[][] | undefined {
  const results: WordChar[][] = [];
  const queue: WordChar[][] = [chars];
  while (queue.length > 0) {
    const word = queue.shift() as WordChar[];
    const brace = findBrace(word);
    if (!brace) {
      results.push(word);
      if (results.length > MAX_BRACE_RESULTS) return undefined;
      continue;
    }
    const prefix = word.slice(0, brace.open);
    const suffix = word.slice(brace.close + 1);
    let alternatives: WordChar[][];
    if (brace.range) {
      const items = rangeItems(word.slice(brace.open + 1, brace.close).map((x) => x.c).join(''));
      if (!items) return undefined;
      alternatives = items.map((s) => [...s].map((c) => ({ c, k: 'q' as const })));
    } else {
      alternatives = [];
      let start = brace.open + 1;
      for (const comma of [...brace.commas, brace.close]) {
        alternatives.push(word.slice(start, comma));
        start = comma + 1;
      }
    }
    for (const alt of alternatives) queue.push([...prefix, ...alt, ...suffix]);
    if (queue.length + results.length > MAX_BRACE_RESULTS) return undefined;
  }
  return results;
}

const COMMAND_POSITION_BRACE = /(^|[;&|(\n]\s*|\b(?:then|do|else)\s+)\{([^\s{}'"`$;&|<>()]*,[^\s{}'"`$;&|<>()]*)\}(?=\s|$|[;&|)])/g;

/**
 * `{rm,-rf,/}` in command position: bash expands the braces into words before it looks for the
 * command, but a parser sees a malformed group. The source with those braces written out as words
 * (`rm -rf /`); only used when the original does not parse.
 */
export function expandCommandPositionBraces(source: string): string {
  return source.replace(COMMAND_POSITION_BRACE, (_m, before: string, body: string) => `${before}${body.split(',').join(' ')}`);
}
