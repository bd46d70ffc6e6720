import { policyError } from '../util/coded-errors.js';
import { ALL_EXPR_FUNCTIONS, type Expr, type ExprDialect } from './expr-ast.js';
import { evaluateExpr, type EvalResult, type ExprEnv } from './expr-evaluate.js';
import { parseCondition } from './expr-parser.js';

/** A parsed expression of a dialect of the policy language: walked as data, never compiled to code. */
export interface Expression {
  readonly source: string;
  readonly expr: Expr;
  /** The value, or a failure message (a type mismatch, division by zero); callers decide how to fail. */
  evaluate(env: ExprEnv): EvalResult;
  /** Every path the expression reads (`steps.fetch.output` → `{ root: 'steps', segments: ['fetch', 'output'] }`). */
  readonly references: ReadonlyArray<{ root: string; segments: ReadonlyArray<string | number> }>;
}

/** Options of `compileExpression`: the names an expression may start from, and what it may use. */
export interface ExpressionOptions {
  roots: readonly string[];
  /** Arithmetic (`+ - * / %`) and `a if b else c`; on unless said otherwise. */
  arithmetic?: boolean;
}

/**
 * Parses an expression over caller-named roots (a workflow's `inputs`, `state`, `steps`…), with
 * arithmetic, `a if b else c` and the functions `len lower upper startsWith endsWith sum join json
 * default`. Throws `policy.invalid` naming the column; the result is data, never `eval`.
 */
export function compileExpression(source: string, options: ExpressionOptions): Expression {
  const arithmetic = options.arithmetic ?? true;
  const dialect: ExprDialect = { roots: options.roots, functions: ALL_EXPR_FUNCTIONS, arithmetic, conditional: arithmetic };
  const parsed = parseCondition(source, dialect);
  if (!parsed.ok) {
    throw policyError({
      code: 'policy.invalid',
      message: `invalid expression at column ${parsed.pos + 1}: ${parsed.message}`,
      hint: `Expressions start from ${options.roots.join(', ')} and use comparisons, and/or/not, in, matches, + - * / %, "a if b else c" and len, sum, join, json, default, lower, upper.`,
    });
  }
  const expr = parsed.expr;
  return { source, expr, evaluate: (env) => evaluateExpr(expr, env), references: referencesOf(expr) };
}

function referencesOf(expr: Expr, out: Array<{ root: string; segments: ReadonlyArray<string | number> }> = []) {
  switch (expr.kind) {
    case 'path':
      out.push({ root: expr.root, segments: expr.segments });
      break;
    case 'list':
      for (const item of expr.items) referencesOf(item, out);
      break;
    case 'not':
    case 'negate':
      referencesOf(expr.operand, out);
      break;
    case 'and':
    case 'or':
    case 'compare':
    case 'in':
    case 'arith':
      referencesOf(expr.left, out);
      referencesOf(expr.right, out);
      break;
    case 'matches':
      referencesOf(expr.left, out);
      break;
    case 'call':
      for (const arg of expr.args) referencesOf(arg, out);
      break;
    case 'conditional':
      referencesOf(expr.test, out);
      referencesOf(expr.then, out);
      referencesOf(expr.otherwise, out);
      break;
    case 'literal':
      break;
  }
  return out;
}
