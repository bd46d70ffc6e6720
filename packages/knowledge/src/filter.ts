import { knowledgeError } from './coded-errors.js';

/** A value a filter compares metadata with. */
export type FilterScalar = string | number | boolean;

/** One field's condition: a value (equality) or operators, all of which must hold. */
export type FieldCondition =
  | FilterScalar
  | { $in?: readonly FilterScalar[]; $ne?: FilterScalar; $gt?: number | string; $gte?: number | string; $lt?: number | string; $lte?: number | string };

/**
 * The one filter language every store translates into its own query: `{ field: value }`, `$in`,
 * `$ne`, `$gt/$gte/$lt/$lte`; keys are ANDed. Fields are document metadata, plus `documentId`.
 */
export type KnowledgeFilter = Record<string, FieldCondition>;

export type ComparisonOp = 'eq' | 'in' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

/** One checked condition; stores translate a list of these (ANDed). */
export interface FilterClause {
  field: string;
  op: ComparisonOp;
  value: FilterScalar | readonly FilterScalar[];
}

const OPERATORS: Record<string, ComparisonOp> = { $in: 'in', $ne: 'ne', $gt: 'gt', $gte: 'gte', $lt: 'lt', $lte: 'lte' };
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function scalar(value: unknown): value is FilterScalar {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** Checks a filter and flattens it to clauses; anything outside the language is refused, never ignored. */
export function filterClauses(filter: KnowledgeFilter | undefined): FilterClause[] {
  if (filter === undefined) return [];
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw knowledgeError('knowledge.invalid_filter', 'A filter is an object of field conditions.');
  const clauses: FilterClause[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    // Field names reach SQL JSON paths and Qdrant keys: a strict shape keeps them plain identifiers.
    if (!FIELD.test(field)) throw knowledgeError('knowledge.invalid_filter', `Filter field "${field.slice(0, 64)}" is not a plain name (letters, digits, _).`);
    if (scalar(condition)) {
      clauses.push({ field, op: 'eq', value: condition });
      continue;
    }
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) throw knowledgeError('knowledge.invalid_filter', `Filter field "${field}" needs a value or operators.`);
    const entries = Object.entries(condition);
    if (entries.length === 0) throw knowledgeError('knowledge.invalid_filter', `Filter field "${field}" has no operator.`);
    for (const [key, value] of entries) {
      const op = OPERATORS[key];
      if (!op) throw knowledgeError('knowledge.invalid_filter', `Unknown filter operator "${key.slice(0, 16)}" on "${field}".`, 'Use $in, $ne, $gt, $gte, $lt or $lte.');
      if (op === 'in') {
        if (!Array.isArray(value) || value.length === 0 || !value.every(scalar)) throw knowledgeError('knowledge.invalid_filter', `$in on "${field}" needs a non-empty list of values.`);
        clauses.push({ field, op, value: value });
      } else if (op === 'ne') {
        if (!scalar(value)) throw knowledgeError('knowledge.invalid_filter', `$ne on "${field}" needs a value.`);
        clauses.push({ field, op, value });
      } else {
        if (typeof value !== 'number' && typeof value !== 'string') throw knowledgeError('knowledge.invalid_filter', `${key} on "${field}" needs a number or a string.`);
        if (typeof value === 'number' && !Number.isFinite(value)) throw knowledgeError('knowledge.invalid_filter', `${key} on "${field}" needs a finite number.`);
        clauses.push({ field, op, value });
      }
    }
  }
  return clauses;
}

/** Evaluates clauses against one metadata record: the reference semantics the store contract checks each store against. */
export function matchesClauses(record: Record<string, unknown>, clauses: readonly FilterClause[]): boolean {
  return clauses.every((clause) => {
    const actual = record[clause.field];
    switch (clause.op) {
      case 'eq':
        return actual === clause.value;
      case 'in':
        return (clause.value as FilterScalar[]).includes(actual as FilterScalar);
      case 'ne':
        return actual !== clause.value;
      default: {
        if (typeof actual !== typeof clause.value) return false;
        const a = actual as number | string;
        const b = clause.value as number | string;
        return clause.op === 'gt' ? a > b : clause.op === 'gte' ? a >= b : clause.op === 'lt' ? a < b : a <= b;
      }
    }
  });
}
