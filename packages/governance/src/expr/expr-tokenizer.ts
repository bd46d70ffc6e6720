/** One token of the condition language, with its offset in the source. */
export type Token =
  | { type: 'number'; value: number; pos: number }
  | { type: 'string'; value: string; pos: number }
  | { type: 'ident'; value: string; pos: number }
  | { type: 'keyword'; value: Keyword; pos: number }
  | { type: 'op'; value: Operator; pos: number }
  | { type: 'eof'; pos: number };

export type Keyword = 'and' | 'or' | 'not' | 'in' | 'matches' | 'true' | 'false' | 'null' | 'if' | 'else';
export type Operator = '==' | '!=' | '<=' | '>=' | '<' | '>' | '(' | ')' | '[' | ']' | ',' | '.' | '-' | '+' | '*' | '/' | '%';

const KEYWORDS = new Set<string>(['and', 'or', 'not', 'in', 'matches', 'true', 'false', 'null', 'if', 'else']);
const TWO_CHAR_OPS = new Set<string>(['==', '!=', '<=', '>=']);
const ONE_CHAR_OPS = new Set<string>(['<', '>', '(', ')', '[', ']', ',', '.', '-', '+', '*', '/', '%']);
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" };

/** A tokenizer failure: the message and the offset where it happened. */
export class TokenizeFailure {
  constructor(
    readonly message: string,
    readonly pos: number,
  ) {}
}

/** Splits a condition into tokens. Returns a failure instead of throwing. */
export function tokenize(source: string): Token[] | TokenizeFailure {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i += 1;
      continue;
    }
    const start = i;
    if (ch === '"' || ch === "'") {
      let value = '';
      i += 1;
      let closed = false;
      while (i < source.length) {
        const c = source[i] as string;
        if (c === ch) {
          closed = true;
          i += 1;
          break;
        }
        if (c === '\\') {
          const next = source[i + 1];
          const escaped = next === undefined ? undefined : ESCAPES[next];
          if (escaped === undefined) return new TokenizeFailure(`unknown escape \\${next ?? ''} in a string`, i);
          value += escaped;
          i += 2;
          continue;
        }
        value += c;
        i += 1;
      }
      if (!closed) return new TokenizeFailure('a string is not closed', start);
      tokens.push({ type: 'string', value, pos: start });
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      const match = /^\d+(?:\.\d+)?/.exec(source.slice(i)) as RegExpExecArray;
      i += match[0].length;
      if (/[A-Za-z_]/.test(source[i] ?? '')) return new TokenizeFailure('a number runs into a name', start);
      tokens.push({ type: 'number', value: Number(match[0]), pos: start });
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i)) as RegExpExecArray;
      i += match[0].length;
      const word = match[0];
      if (KEYWORDS.has(word)) tokens.push({ type: 'keyword', value: word as Keyword, pos: start });
      else tokens.push({ type: 'ident', value: word, pos: start });
      continue;
    }
    const two = source.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      tokens.push({ type: 'op', value: two as Operator, pos: start });
      i += 2;
      continue;
    }
    if (ONE_CHAR_OPS.has(ch)) {
      tokens.push({ type: 'op', value: ch as Operator, pos: start });
      i += 1;
      continue;
    }
    if (ch === '=') return new TokenizeFailure('use == to compare', start);
    if (ch === '&' || ch === '|' || ch === '!') return new TokenizeFailure('use the words and, or, not', start);
    return new TokenizeFailure(`unexpected character ${JSON.stringify(ch)}`, start);
  }
  tokens.push({ type: 'eof', pos: source.length });
  return tokens;
}
