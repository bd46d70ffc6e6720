import { knowledgeError } from '../coded-errors.js';
import type { FilterClause, FilterScalar } from '../filter.js';
import type { StoreScope } from '../store-types.js';

type Condition = Record<string, unknown>;

const keyOf = (field: string): string => (field === 'documentId' ? 'document_id' : `metadata.${field}`);

function match(field: string, value: FilterScalar): Condition {
  return { key: keyOf(field), match: { value } };
}

/**
 * The filter language as a Qdrant filter: tenant and namespace are `must` conditions of the same
 * request, so another tenant's points are never scored. Qdrant ranges compare numbers only.
 */
export function qdrantFilter(scope: StoreScope, clauses: readonly FilterClause[], extra: Condition[] = []): Condition {
  const must: Condition[] = [{ key: 'tenant', match: { value: scope.tenant } }, { key: 'namespace', match: { value: scope.namespace } }, ...extra];
  const mustNot: Condition[] = [];
  for (const clause of clauses) {
    if (clause.op === 'eq') must.push(match(clause.field, clause.value as FilterScalar));
    else if (clause.op === 'ne') mustNot.push(match(clause.field, clause.value as FilterScalar));
    else if (clause.op === 'in') must.push({ should: (clause.value as FilterScalar[]).map((v) => match(clause.field, v)) });
    else {
      if (typeof clause.value !== 'number') throw knowledgeError('knowledge.invalid_filter', `The Qdrant store compares numbers only: ${clause.op} on "${clause.field}" got a string.`);
      must.push({ key: keyOf(clause.field), range: { [clause.op]: clause.value } });
    }
  }
  return { must, ...(mustNot.length > 0 ? { must_not: mustNot } : {}) };
}
