import type { ArithOp, CompareOp, Expr, ExprDialect, ExprFunction } from './expr-ast.js';
import { POLICY_DIALECT } from './expr-ast.js';
import { TokenizeFailure, tokenize, type Keyword, type Operator, type Token } from './expr-tokenizer.js';
import { checkPattern } from './safe-pattern.js';

/** Longest condition accepted, in characters. */
export const MAX_CONDITION_LENGTH = 4096;
/** Deepest nesting accepted (parentheses, `not`, lists, calls). */
export const MAX_CONDITION_DEPTH = 32;

export type ParseResult = { ok: true; expr: Expr } | { ok: false; message: string; pos: number };

class Failure {
  constructor(
    readonly message: string,
    readonly pos: number,
  ) {}
}

const COMPARE_OPS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

/** How many arguments each function takes: [least, most]. */
const ARITY: Record<ExprFunction, readonly [number, number]> = {
  len: [1, 1],
  lower: [1, 1],
  upper: [1, 1],
  startsWith: [2, 2],
  endsWith: [2, 2],
  sum: [1, 1],
  join: [1, 2],
  json: [1, 1],
  default: [2, 2],
};

/**
 * Parses a condition of the policy language:
 * `or` / `and` / `not`, comparisons (`== != < <= > >=`), `in` / `not in`,
 * `matches "regex"`, literals, lists, paths from a fixed set of roots and a
 * few pure functions. The result is data; nothing is ever evaluated as code.
 */
export function parseCondition(source: string, dialect: ExprDialect = POLICY_DIALECT): ParseResult {
  if (source.length > MAX_CONDITION_LENGTH) {
    return { ok: false, message: `a condition may be at most ${MAX_CONDITION_LENGTH} characters`, pos: MAX_CONDITION_LENGTH };
  }
  const tokens = tokenize(source);
  if (tokens instanceof TokenizeFailure) return { ok: false, message: tokens.message, pos: tokens.pos };
  const parser = new Parser(tokens, dialect);
  try {
    const expr = parser.parseTop(0);
    const rest = parser.peek();
    if (rest.type !== 'eof') throw new Failure(`unexpected ${describe(rest)}`, rest.pos);
    return { ok: true, expr };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, message: error.message, pos: error.pos };
    throw error;
  }
}

function describe(token: Token): string {
  if (token.type === 'eof') return 'end of condition';
  if (token.type === 'string') return `string ${JSON.stringify(token.value)}`;
  return `${JSON.stringify(String(token.value))}`;
}

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly dialect: ExprDialect,
  ) {}

  /** `a if b else c` binds loosest, as in Python; only dialects that allow it. */
  parseTop(depth: number): Expr {
    this.guard(depth);
    const value = this.parseOr(depth);
    if (!this.isKeyword('if')) return value;
    const token = this.next();
    if (!this.dialect.conditional) throw new Failure('"if … else" is not allowed here', token.pos);
    const test = this.parseOr(depth + 1);
    if (!this.isKeyword('else')) throw new Failure(`expected "else", found ${describe(this.peek())}`, this.peek().pos);
    this.next();
    return { kind: 'conditional', test, then: value, otherwise: this.parseTop(depth + 1) };
  }

  peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.index += 1;
    return token;
  }

  private isKeyword(word: Keyword, offset = 0): boolean {
    const token = this.tokens[this.index + offset];
    return token?.type === 'keyword' && token.value === word;
  }

  private isOp(op: Operator): boolean {
    const token = this.peek();
    return token.type === 'op' && token.value === op;
  }

  private expectOp(op: Operator): void {
    const token = this.next();
    if (token.type !== 'op' || token.value !== op) throw new Failure(`expected ${JSON.stringify(op)}, found ${describe(token)}`, token.pos);
  }

  private guard(depth: number): void {
    if (depth > MAX_CONDITION_DEPTH) throw new Failure(`a condition may nest at most ${MAX_CONDITION_DEPTH} levels`, this.peek().pos);
  }

  parseOr(depth: number): Expr {
    this.guard(depth);
    let left = this.parseAnd(depth);
    while (this.isKeyword('or')) {
      this.next();
      left = { kind: 'or', left, right: this.parseAnd(depth) };
    }
    return left;
  }

  private parseAnd(depth: number): Expr {
    let left = this.parseNot(depth);
    while (this.isKeyword('and')) {
      this.next();
      left = { kind: 'and', left, right: this.parseNot(depth) };
    }
    return left;
  }

  private parseNot(depth: number): Expr {
    if (this.isKeyword('not')) {
      this.guard(depth + 1);
      this.next();
      return { kind: 'not', operand: this.parseNot(depth + 1) };
    }
    return this.parseComparison(depth);
  }

  private parseComparison(depth: number): Expr {
    const left = this.parseAdditive(depth);
    const token = this.peek();
    if (token.type === 'op' && COMPARE_OPS.has(token.value)) {
      this.next();
      return { kind: 'compare', op: token.value as CompareOp, left, right: this.parseAdditive(depth) };
    }
    if (this.isKeyword('in')) {
      this.next();
      return { kind: 'in', negated: false, left, right: this.parseAdditive(depth) };
    }
    if (this.isKeyword('not') && this.isKeyword('in', 1)) {
      this.next();
      this.next();
      return { kind: 'in', negated: true, left, right: this.parseAdditive(depth) };
    }
    if (this.isKeyword('matches')) {
      this.next();
      const pattern = this.next();
      if (pattern.type !== 'string') throw new Failure('matches takes a string literal (the regular expression)', pattern.pos);
      const problem = checkPattern(pattern.value);
      if (problem) throw new Failure(problem, pattern.pos);
      return { kind: 'matches', left, pattern: pattern.value, regex: new RegExp(pattern.value) };
    }
    return left;
  }

  private arithOp(ops: readonly ArithOp[]): ArithOp | undefined {
    const token = this.peek();
    if (!this.dialect.arithmetic || token.type !== 'op' || !(ops as readonly string[]).includes(token.value)) return undefined;
    this.next();
    return token.value as ArithOp;
  }

  private parseAdditive(depth: number): Expr {
    let left = this.parseMultiplicative(depth);
    for (let op = this.arithOp(['+', '-']); op; op = this.arithOp(['+', '-'])) left = { kind: 'arith', op, left, right: this.parseMultiplicative(depth) };
    return left;
  }

  private parseMultiplicative(depth: number): Expr {
    let left = this.parseUnary(depth);
    for (let op = this.arithOp(['*', '/', '%']); op; op = this.arithOp(['*', '/', '%'])) left = { kind: 'arith', op, left, right: this.parseUnary(depth) };
    return left;
  }

  private parseUnary(depth: number): Expr {
    if (this.dialect.arithmetic && this.isOp('-')) {
      this.guard(depth + 1);
      this.next();
      return { kind: 'negate', operand: this.parseUnary(depth + 1) };
    }
    return this.parseOperand(depth);
  }

  private parseOperand(depth: number): Expr {
    this.guard(depth);
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'keyword':
        if (token.value === 'true' || token.value === 'false') return { kind: 'literal', value: token.value === 'true' };
        if (token.value === 'null') return { kind: 'literal', value: null };
        throw new Failure(`unexpected ${describe(token)}`, token.pos);
      case 'op':
        return this.parseOpOperand(token, depth);
      case 'ident':
        return this.parseIdent(token, depth);
      case 'eof':
        throw new Failure('the condition ends too early', token.pos);
    }
  }

  private parseOpOperand(token: Extract<Token, { type: 'op' }>, depth: number): Expr {
    if (token.value === '(') {
      const inner = this.parseTop(depth + 1);
      this.expectOp(')');
      return inner;
    }
    if (token.value === '[') {
      const items: Expr[] = [];
      if (!this.isOp(']')) {
        do {
          items.push(this.parseOperand(depth + 1));
        } while (this.isOp(',') && this.next());
      }
      this.expectOp(']');
      return { kind: 'list', items };
    }
    if (token.value === '-') {
      const number = this.next();
      if (number.type !== 'number') throw new Failure('a minus sign must be followed by a number', number.pos);
      return { kind: 'literal', value: -number.value };
    }
    throw new Failure(`unexpected ${describe(token)}`, token.pos);
  }

  private parseIdent(token: Extract<Token, { type: 'ident' }>, depth: number): Expr {
    if (this.isOp('(')) {
      const functions: readonly string[] = this.dialect.functions;
      if (!functions.includes(token.value)) {
        throw new Failure(`unknown function ${token.value}; known: ${functions.join(', ')}`, token.pos);
      }
      this.next();
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        do {
          args.push(this.dialect.arithmetic ? this.parseTop(depth + 1) : this.parseOperand(depth + 1));
        } while (this.isOp(',') && this.next());
      }
      this.expectOp(')');
      const [least, most] = ARITY[token.value as ExprFunction];
      if (args.length < least || args.length > most) {
        const want = least === most ? `${least} argument${least === 1 ? '' : 's'}` : `${least} to ${most} arguments`;
        throw new Failure(`${token.value} takes ${want}`, token.pos);
      }
      return { kind: 'call', fn: token.value as ExprFunction, args };
    }
    if (!this.dialect.roots.includes(token.value)) {
      throw new Failure(`unknown name ${token.value}; a condition starts from ${this.dialect.roots.join(', ')}`, token.pos);
    }
    const segments: Array<string | number> = [];
    for (;;) {
      if (this.isOp('.')) {
        this.next();
        const name = this.next();
        if (name.type !== 'ident' && name.type !== 'keyword') throw new Failure('expected a field name after "."', name.pos);
        segments.push(name.value);
      } else if (this.isOp('[')) {
        this.next();
        const key = this.next();
        if (key.type === 'number' && Number.isInteger(key.value)) segments.push(key.value);
        else if (key.type === 'string') segments.push(key.value);
        else throw new Failure('an index is a whole number or a string', key.pos);
        this.expectOp(']');
      } else break;
    }
    return { kind: 'path', root: token.value, segments };
  }
}
