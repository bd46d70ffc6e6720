import type { JsonValue } from '@warden/protocol';
import type { ArithOp, Expr } from './expr-ast.js';

/** The values a condition can see, by root name (policy: args, tool, tags, annotations, tainted, mode). */
export type ExprEnv = Readonly<Record<string, JsonValue | undefined>>;

/** Longest text `join`/`json`/`+` may build; longer is an evaluation error (fail closed). */
export const MAX_BUILT_TEXT = 1024 * 1024;

export type EvalResult = { ok: true; value: JsonValue } | { ok: false; message: string };

/** Longest text `matches` will scan; longer input is an evaluation error (fail closed). */
export const MAX_MATCH_INPUT = 64 * 1024;

class EvalFailure {
  constructor(readonly message: string) {}
}

/**
 * Evaluates a parsed condition. Pure and total: type mismatches (ordering a
 * string against a number, `and` on a non-boolean, `matches` on a number)
 * are reported as failures, never coerced; missing fields read as `null`.
 */
export function evaluateExpr(expr: Expr, env: ExprEnv): EvalResult {
  try {
    return { ok: true, value: evaluate(expr, env) };
  } catch (error) {
    if (error instanceof EvalFailure) return { ok: false, message: error.message };
    throw error;
  }
}

/** Evaluates a condition that must produce a boolean. */
export function evaluateCondition(expr: Expr, env: ExprEnv): { ok: true; value: boolean } | { ok: false; message: string } {
  const result = evaluateExpr(expr, env);
  if (!result.ok) return result;
  if (typeof result.value !== 'boolean') return { ok: false, message: `the condition produced ${typeName(result.value)}, not true or false` };
  return { ok: true, value: result.value };
}

function typeName(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function bool(value: JsonValue, where: string): boolean {
  if (typeof value !== 'boolean') throw new EvalFailure(`${where} needs true or false, got ${typeName(value)}`);
  return value;
}

function evaluate(expr: Expr, env: ExprEnv): JsonValue {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'list':
      return expr.items.map((item) => evaluate(item, env));
    case 'path':
      return lookup(Object.hasOwn(env, expr.root) ? (env[expr.root] ?? null) : null, expr.segments);
    case 'not':
      return !bool(evaluate(expr.operand, env), 'not');
    case 'and':
      return bool(evaluate(expr.left, env), 'and') ? bool(evaluate(expr.right, env), 'and') : false;
    case 'or':
      return bool(evaluate(expr.left, env), 'or') ? true : bool(evaluate(expr.right, env), 'or');
    case 'compare':
      return compare(expr.op, evaluate(expr.left, env), evaluate(expr.right, env));
    case 'in': {
      const found = contains(evaluate(expr.right, env), evaluate(expr.left, env));
      return expr.negated ? !found : found;
    }
    case 'matches': {
      const subject = evaluate(expr.left, env);
      if (typeof subject !== 'string') throw new EvalFailure(`matches needs a string, got ${typeName(subject)}`);
      if (subject.length > MAX_MATCH_INPUT) throw new EvalFailure(`matches refuses input over ${MAX_MATCH_INPUT} characters`);
      return expr.regex.test(subject);
    }
    case 'call':
      return call(expr.fn, expr.args.map((arg) => evaluate(arg, env)));
    case 'arith':
      return arith(expr.op, evaluate(expr.left, env), evaluate(expr.right, env));
    case 'negate': {
      const value = evaluate(expr.operand, env);
      if (typeof value !== 'number') throw new EvalFailure(`a minus sign needs a number, got ${typeName(value)}`);
      return -value;
    }
    case 'conditional':
      return bool(evaluate(expr.test, env), 'if') ? evaluate(expr.then, env) : evaluate(expr.otherwise, env);
  }
}

function arith(op: ArithOp, left: JsonValue, right: JsonValue): JsonValue {
  if (op === '+' && typeof left === 'string' && typeof right === 'string') return bounded(left + right);
  if (op === '+' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  if (typeof left !== 'number' || typeof right !== 'number') throw new EvalFailure(`${op} needs two numbers, got ${typeName(left)} and ${typeName(right)}`);
  if ((op === '/' || op === '%') && right === 0) throw new EvalFailure(`${op} by zero`);
  const value = op === '+' ? left + right : op === '-' ? left - right : op === '*' ? left * right : op === '/' ? left / right : left % right;
  if (!Number.isFinite(value)) throw new EvalFailure(`${op} gave a number too large to keep`);
  return value;
}

function bounded(text: string): string {
  if (text.length > MAX_BUILT_TEXT) throw new EvalFailure(`a text over ${MAX_BUILT_TEXT} characters was built`);
  return text;
}

function lookup(start: JsonValue, segments: ReadonlyArray<string | number>): JsonValue {
  let current: JsonValue = start;
  for (const segment of segments) {
    if (Array.isArray(current) && typeof segment === 'number') {
      current = current[segment] ?? null;
    } else if (current !== null && typeof current === 'object' && !Array.isArray(current) && typeof segment === 'string') {
      // Own properties only: `__proto__` or `constructor` never reach the prototype.
      current = Object.hasOwn(current, segment) ? (current[segment] ?? null) : null;
    } else {
      return null;
    }
  }
  return current;
}

function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i] as JsonValue));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k] as JsonValue, b[k] as JsonValue));
  }
  return false;
}

function compare(op: string, left: JsonValue, right: JsonValue): boolean {
  if (op === '==') return deepEqual(left, right);
  if (op === '!=') return !deepEqual(left, right);
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) throw new EvalFailure(`${op} compares two numbers or two strings, got ${typeName(left)} and ${typeName(right)}`);
  const l = left;
  const r = right;
  if (op === '<') return l < r;
  if (op === '<=') return l <= r;
  if (op === '>') return l > r;
  return l >= r;
}

function contains(haystack: JsonValue, needle: JsonValue): boolean {
  if (Array.isArray(haystack)) return haystack.some((item) => deepEqual(item, needle));
  if (typeof haystack === 'string') {
    if (typeof needle !== 'string') throw new EvalFailure(`in on a string needs a string, got ${typeName(needle)}`);
    return haystack.includes(needle);
  }
  if (haystack !== null && typeof haystack === 'object') {
    if (typeof needle !== 'string') throw new EvalFailure(`in on an object needs a key string, got ${typeName(needle)}`);
    return Object.hasOwn(haystack, needle);
  }
  if (haystack === null) return false;
  throw new EvalFailure(`in needs a list, a string or an object on its right, got ${typeName(haystack)}`);
}

function call(fn: string, args: JsonValue[]): JsonValue {
  const [first, second] = args;
  switch (fn) {
    case 'len':
      if (typeof first === 'string' || Array.isArray(first)) return first.length;
      if (first && typeof first === 'object') return Object.keys(first).length;
      if (first === null) return 0;
      throw new EvalFailure(`len needs a string, a list or an object, got ${typeName(first as JsonValue)}`);
    case 'lower':
    case 'upper':
      if (typeof first !== 'string') throw new EvalFailure(`${fn} needs a string, got ${typeName(first as JsonValue)}`);
      return fn === 'lower' ? first.toLowerCase() : first.toUpperCase();
    case 'sum':
      if (!Array.isArray(first) || !first.every((v) => typeof v === 'number')) throw new EvalFailure('sum needs a list of numbers');
      return first.reduce<number>((total, v) => total + (v), 0);
    case 'join': {
      if (!Array.isArray(first)) throw new EvalFailure(`join needs a list, got ${typeName(first as JsonValue)}`);
      if (second !== undefined && typeof second !== 'string') throw new EvalFailure('join takes a string separator');
      return bounded(first.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(second ?? ', '));
    }
    case 'json':
      return bounded(JSON.stringify(first ?? null));
    case 'default':
      return first === null || first === undefined ? (second ?? null) : first;
    default:
      if (typeof first !== 'string' || typeof second !== 'string') throw new EvalFailure(`${fn} needs two strings`);
      return fn === 'startsWith' ? first.startsWith(second) : first.endsWith(second);
  }
}
