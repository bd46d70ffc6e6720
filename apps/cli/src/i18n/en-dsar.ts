/** English: `warden governance dsar erase|export` (data-subject erasure and export). */
export const enDsar = {
  'option.keys': 'Directory of per-subject keys (default: WORKDIR/.warden/subject-keys); keep it outside the trail and its backups.',
  'option.signingKey': 'Ed25519 private key (PEM file) that signs the erasure receipt and the erasure\'s trail entry (the trail\'s signing key, so its public key verifies both).',
  'option.governance.knowledge': 'dsar: a knowledge store URL whose entries with metadata subject = SUBJECT are deleted (sqlite:PATH, pglite:DIR, qdrant+http://…).',
  'option.governance.tenant': 'dsar: the subject\'s tenant (sessions they own in it, and the knowledge tenant; default: default).',
  'option.governance.namespace': 'dsar: the knowledge namespace to erase from (default: default).',
  'governance.dsar.erased': 'erased: {sessions} sessions, {knowledge} knowledge entries, {deliverables} deliverables; key {key}, so {tokens} trail tokens are unreadable and the chain still verifies',
  'governance.dsar.exported': 'exported: {sessions} sessions, {entries} audit entries (key {key})',
} as const;
