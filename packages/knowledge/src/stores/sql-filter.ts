import type { FilterClause, FilterScalar } from '../filter.js';

export type SqlOp = '=' | '>' | '>=' | '<' | '<=';

/**
 * How one SQL engine reads a field of the JSON metadata column. Types are compared as JSON types,
 * so `1`, `"1"` and `true` stay different values, as in the reference semantics (`matchesClauses`).
 */
export interface SqlDialect {
  /** metadata.field is the boolean `value`. */
  isBoolean(field: string, value: boolean): string;
  /** metadata.field is a number and `op` holds against `param`. */
  numberCompare(field: string, op: SqlOp, param: string): string;
  /** metadata.field is a string and `op` holds against `param`. */
  stringCompare(field: string, op: SqlOp, param: string): string;
  /** The column holding the document id. */
  documentIdColumn: string;
  /** Adds a bound value and returns its placeholder. */
  param(value: string | number): string;
}

const OPS: Record<'eq' | 'gt' | 'gte' | 'lt' | 'lte', SqlOp> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

function holds(d: SqlDialect, field: string, op: SqlOp, value: FilterScalar): string {
  if (field === 'documentId') return `${d.documentIdColumn} ${op} ${d.param(String(value))}`;
  // A missing field or another type makes the comparison NULL: COALESCE turns that into false.
  if (typeof value === 'boolean') return `COALESCE(${d.isBoolean(field, value)}, 1=0)`;
  if (typeof value === 'number') return `COALESCE(${d.numberCompare(field, op, d.param(value))}, 1=0)`;
  return `COALESCE(${d.stringCompare(field, op, d.param(value))}, 1=0)`;
}

/** The clauses as one ANDed condition (always true for none). */
export function sqlCondition(d: SqlDialect, clauses: readonly FilterClause[]): string {
  const parts = clauses.map((clause) => {
    if (clause.op === 'ne') return `NOT ${holds(d, clause.field, '=', clause.value as FilterScalar)}`;
    if (clause.op === 'in') return `(${(clause.value as FilterScalar[]).map((v) => holds(d, clause.field, '=', v)).join(' OR ')})`;
    return holds(d, clause.field, OPS[clause.op], clause.value as FilterScalar);
  });
  return parts.length === 0 ? '1=1' : parts.join(' AND ');
}
