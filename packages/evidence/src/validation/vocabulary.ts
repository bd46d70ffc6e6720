/**
 * Evidence vocabulary v1: the only root keys a probe target may report.
 * `list` keys must be arrays and concatenate across the calls of one probe;
 * every other key must agree between calls that report it.
 */
export type EvidenceKeyKind = 'list' | 'object' | 'string' | 'boolean' | 'count' | 'any';

export const EVIDENCE_VOCABULARY_VERSION = 1;

export const EVIDENCE_FAMILIES = {
  payments: { authorizations: 'list', expected_payee: 'string' },
  tools: { tool_calls: 'list', shadow_tool_names: 'list', canary: 'string', attacker_addresses: 'list', canaries: 'list' },
  traps: { canary_hits: 'list', trap_requests: 'list', hosted: 'any' },
  protocol: {
    server_info: 'object',
    foreign_origin_initialized: 'boolean',
    cors_allow_origin: 'any',
    cors_allows_foreign_origin: 'boolean',
    unauthenticated_initialized: 'boolean',
    tools: 'list',
    server_version: 'any',
  },
  actions: {
    elicitations: 'list',
    memory_writes: 'list',
    approvals: 'list',
    executions: 'list',
    protected_writes: 'list',
    resource_hashes: 'any',
    stop_notice: 'any',
    report: 'any',
  },
  contact: { interaction_count: 'count', interaction_count_by_session: 'object' },
} as const satisfies Record<string, Record<string, EvidenceKeyKind>>;

export type EvidenceFamily = keyof typeof EVIDENCE_FAMILIES;
type FamilyKeys<F extends EvidenceFamily> = keyof (typeof EVIDENCE_FAMILIES)[F];
export type EvidenceKey = { [F in EvidenceFamily]: FamilyKeys<F> }[EvidenceFamily];

function buildKeyKinds(): ReadonlyMap<string, EvidenceKeyKind> {
  const map = new Map<string, EvidenceKeyKind>();
  for (const family of Object.values(EVIDENCE_FAMILIES)) {
    for (const [key, kind] of Object.entries(family)) map.set(key, kind);
  }
  return map;
}

/** Every root key of vocabulary v1 and its kind. Immutable. */
export const EVIDENCE_KEY_KINDS: ReadonlyMap<string, EvidenceKeyKind> = buildKeyKinds();

/** All root keys of vocabulary v1, sorted. */
export const EVIDENCE_KEYS: readonly string[] = Object.freeze([...EVIDENCE_KEY_KINDS.keys()].sort());
