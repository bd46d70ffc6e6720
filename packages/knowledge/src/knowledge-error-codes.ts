/**
 * The error codes `@warden/knowledge` throws. Codes are public API: renaming or removing one is a
 * breaking change. All are `KnowledgeError`s; no message ever holds a store's or an embedder's key.
 */
export const KNOWLEDGE_ERROR_CODES = {
  'knowledge.invalid_options': 'A knowledge base, store or embedder was built with options it cannot use (an unknown store URL, a bad size).',
  'knowledge.invalid_filter': 'A filter used an operator or value outside the filter language ({field: value}, $in, $ne, $gt, $gte, $lt, $lte).',
  'knowledge.dimension_mismatch': "The embedder's vectors do not have the dimensions the store was created with.",
  'knowledge.store_failed': 'The store refused or failed a request (after retries for 429, 5xx and timeouts).',
  'knowledge.store_unavailable': "The store's driver is not installed (an optional peer), or the store cannot be reached.",
  'knowledge.embedder_failed': 'The embedder failed or answered with vectors of the wrong count or size.',
} as const;

export type KnowledgeErrorCode = keyof typeof KNOWLEDGE_ERROR_CODES;
