import { knowledgeError } from '../coded-errors.js';
import type { FilterClause, FilterScalar } from '../filter.js';
import type { StoreScope } from '../store-types.js';

type Where = Record<string, unknown>;

/** The metadata key a filter field is kept under (document metadata is prefixed, so it cannot shadow the scope keys). */
export const chromaKeyOf = (field: string): string => (field === 'documentId' ? 'w_document_id' : `m_${field}`);

const same = (values: readonly FilterScalar[]): boolean => values.every((v) => typeof v === typeof values[0]);

function clauseWhere(clause: FilterClause): Where {
  const key = chromaKeyOf(clause.field);
  switch (clause.op) {
    case 'eq':
      return { [key]: { $eq: clause.value } };
    case 'ne':
      // Chroma's $ne also holds where the key is missing, as the reference semantics read it.
      return { [key]: { $ne: clause.value } };
    case 'in': {
      const values = clause.value as readonly FilterScalar[];
      // Chroma refuses a $in list of mixed types: an $or of equalities says the same.
      if (same(values)) return { [key]: { $in: values } };
      return { $or: values.map((v) => ({ [key]: { $eq: v } })) };
    }
    default:
      if (typeof clause.value !== 'number') throw knowledgeError('knowledge.invalid_filter', `The Chroma store compares numbers only: ${clause.op} on "${clause.field}" got a string.`);
      return { [key]: { [`$${clause.op}`]: clause.value } };
  }
}

/**
 * The filter language as a Chroma `where`: tenant and namespace are conditions of the same
 * request (an `$and` with the clauses), so another tenant's records are never scored.
 */
export function chromaWhere(scope: StoreScope, clauses: readonly FilterClause[]): Where {
  return { $and: [{ w_tenant: { $eq: scope.tenant } }, { w_namespace: { $eq: scope.namespace } }, ...clauses.map(clauseWhere)] };
}
