import type { JsonValue } from '@warden/protocol';

/** Names a condition may start from. Anything else is a load-time error. */
export const EXPR_ROOTS = ['args', 'tool', 'tags', 'annotations', 'tainted', 'mode'] as const;
export type ExprRoot = (typeof EXPR_ROOTS)[number];

/** The few pure functions a policy condition may call. */
export const EXPR_FUNCTIONS = ['len', 'lower', 'upper', 'startsWith', 'endsWith'] as const;
/** Every function the language knows; a dialect allows a subset (templates: all of them). */
export const ALL_EXPR_FUNCTIONS = [...EXPR_FUNCTIONS, 'sum', 'join', 'json', 'default'] as const;
export type ExprFunction = (typeof ALL_EXPR_FUNCTIONS)[number];

export type ArithOp = '+' | '-' | '*' | '/' | '%';

/**
 * What one use of the language may say. Policy conditions are the narrow dialect (fixed roots, no
 * arithmetic); workflow templates name their own roots and add arithmetic and `a if b else c`.
 */
export interface ExprDialect {
  readonly roots: readonly string[];
  readonly functions: readonly ExprFunction[];
  readonly arithmetic: boolean;
  readonly conditional: boolean;
}

export const POLICY_DIALECT: ExprDialect = { roots: EXPR_ROOTS, functions: EXPR_FUNCTIONS, arithmetic: false, conditional: false };

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A parsed condition. Plain data: it is walked, never compiled to code. */
export type Expr =
  | { kind: 'literal'; value: JsonValue }
  | { kind: 'path'; root: string; segments: Array<string | number> }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'not'; operand: Expr }
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; op: CompareOp; left: Expr; right: Expr }
  | { kind: 'in'; negated: boolean; left: Expr; right: Expr }
  | { kind: 'matches'; left: Expr; pattern: string; regex: RegExp }
  | { kind: 'call'; fn: ExprFunction; args: Expr[] }
  | { kind: 'arith'; op: ArithOp; left: Expr; right: Expr }
  | { kind: 'negate'; operand: Expr }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr };
