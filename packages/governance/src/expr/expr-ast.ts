import type { JsonValue } from '@warden/protocol';

/** Names a condition may start from. Anything else is a load-time error. */
export const EXPR_ROOTS = ['args', 'tool', 'tags', 'annotations', 'tainted', 'mode'] as const;
export type ExprRoot = (typeof EXPR_ROOTS)[number];

/** The few pure functions a condition may call. */
export const EXPR_FUNCTIONS = ['len', 'lower', 'upper', 'startsWith', 'endsWith'] as const;
export type ExprFunction = (typeof EXPR_FUNCTIONS)[number];

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A parsed condition. Plain data: it is walked, never compiled to code. */
export type Expr =
  | { kind: 'literal'; value: JsonValue }
  | { kind: 'path'; root: ExprRoot; segments: Array<string | number> }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'not'; operand: Expr }
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; op: CompareOp; left: Expr; right: Expr }
  | { kind: 'in'; negated: boolean; left: Expr; right: Expr }
  | { kind: 'matches'; left: Expr; pattern: string; regex: RegExp }
  | { kind: 'call'; fn: ExprFunction; args: Expr[] };
