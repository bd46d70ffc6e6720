import { policyError } from '../util/coded-errors.js';
import type { Expr } from './expr-ast.js';
import { evaluateCondition, type ExprEnv } from './expr-evaluate.js';
import { parseCondition } from './expr-parser.js';

/** A parsed, ready-to-evaluate condition of the policy language. */
export interface Condition {
  readonly source: string;
  readonly expr: Expr;
  /** True/false, or a failure message (a type mismatch); callers decide how to fail closed. */
  test(env: ExprEnv): { ok: true; value: boolean } | { ok: false; message: string };
}

/**
 * Parses a condition, throwing `policy.invalid` with the column of the problem.
 * Conditions are parsed into data and walked; they are never passed to `eval`.
 */
export function compileCondition(source: string): Condition {
  const parsed = parseCondition(source);
  if (!parsed.ok) {
    throw policyError({
      code: 'policy.invalid',
      message: `invalid condition at column ${parsed.pos + 1}: ${parsed.message}`,
      hint: 'Conditions use ==, !=, <, <=, >, >=, and, or, not, in, matches "regex", and paths such as args.command.',
    });
  }
  const expr = parsed.expr;
  return { source, expr, test: (env) => evaluateCondition(expr, env) };
}
