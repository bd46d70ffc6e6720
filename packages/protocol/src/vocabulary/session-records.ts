/**
 * The `key`s of the session's `meta` records that more than one package writes or reads: core
 * writes taint, scope and handoffs and the harness and CLI read them back; eval forks, tools'
 * memory, governance's audit sink, the fleet's job marker and the stores' fork pointer. One table,
 * so a reader never misspells what a writer wrote. Stored keys: never change one.
 */
export const SESSION_META_KEYS = Object.freeze({
  scope: 'warden.scope',
  taint: 'warden.taint',
  handoff: 'warden.handoff',
  handoffReceipt: 'warden.handoff_receipt',
  handoffReceived: 'warden.handoff_received',
  fork: 'warden.fork',
  memory: 'warden.memory',
  audit: 'audit',
  forkedFrom: 'forked_from',
  fleetJob: 'fleet.job',
} as const);

export type SessionMetaKey = (typeof SESSION_META_KEYS)[keyof typeof SESSION_META_KEYS];

/** What a session or record id may be: it becomes a file name and a key, so nothing that could leave a store's directory. */
export const SAFE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Whether an id follows `SAFE_ID_PATTERN` and holds no `..`. */
export function isSafeId(id: string): boolean {
  return SAFE_ID_PATTERN.test(id) && !id.includes('..');
}

/** A fresh record id with a readable prefix (`rec_…`, `run_…`, `apr_…`). */
export function newRecordId(prefix: string): string {
  return `${prefix}_${globalThis.crypto.randomUUID()}`;
}
