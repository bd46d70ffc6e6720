import { configError } from './coded-errors.js';
import { ConfigError, type ApprovalStoreV1, type SessionStoreV1, strictOptions, type OptionKeys } from '@warden/protocol';
import { loadDriver, STORE_DRIVERS, type ModuleImporter } from './driver-loader.js';
import { jsonlApprovalStore } from './jsonl-approval-store.js';
import { jsonlSessionStore, type FsyncMode } from './jsonl-store.js';
import { mysqlApprovalStore } from './mysql-approval-store.js';
import { mysqlSessionStore } from './mysql-store.js';
import { postgresApprovalStore } from './postgres-approval-store.js';
import { postgresSessionStore } from './postgres-store.js';
import { redisApprovalStore } from './redis-approval-store.js';
import { redisSessionStore } from './redis-store.js';
import { sqliteApprovalStore } from './sqlite-approval-store.js';
import { sqliteSessionStore } from './sqlite-store.js';
import { join } from 'node:path';

export interface OpenStoreOptions {
  /** JSONL durability (default `always`). */
  fsync?: FsyncMode;
  /** SQL table prefix (default `warden_`). */
  tablePrefix?: string;
  /** Redis key prefix (default `warden:`). */
  keyPrefix?: string;
  /** Redis TTL in seconds (also `?ttl=` in the URL). */
  ttlSeconds?: number;
  importer?: ModuleImporter;
}

/** Every key of {@link OpenStoreOptions}: the compiler keeps the list equal to the interface. */
export const OPEN_STORE_KEYS = { fsync: true, tablePrefix: true, keyPrefix: true, ttlSeconds: true, importer: true } satisfies OptionKeys<OpenStoreOptions>;

export type StoreTarget =
  | { kind: 'jsonl'; dir: string }
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'mysql'; url: string }
  | { kind: 'redis'; url: string; ttlSeconds?: number };

/**
 * Reads a store location: `sqlite:path` (or `sqlite://path`), `postgres://…` / `postgresql://…`, `mysql://…` / `mariadb://…`,
 * `redis://…` / `rediss://…` (with an optional `?ttl=<seconds>`), `jsonl:dir`, or a plain directory path.
 */
export function parseStoreTarget(target: string): StoreTarget {
  if (typeof target !== 'string') throw invalid(String(target), `expected a location string, got ${target === null ? 'null' : typeof target}`);
  if (/^sqlite:/i.test(target)) {
    const path = target.replace(/^sqlite:(\/\/)?/i, '');
    if (!path) throw invalid(target, 'sqlite: needs a file path, e.g. sqlite:.warden/sessions.db');
    return { kind: 'sqlite', path };
  }
  if (/^postgres(ql)?:\/\//i.test(target)) return { kind: 'postgres', url: target };
  if (/^(mysql|mariadb):\/\//i.test(target)) return { kind: 'mysql', url: target };
  if (/^rediss?:\/\//i.test(target)) {
    const url = new URL(target);
    const ttl = url.searchParams.get('ttl');
    url.searchParams.delete('ttl');
    if (ttl !== null && !/^\d+$/.test(ttl)) throw invalid('redis URL', 'ttl must be a whole number of seconds');
    return { kind: 'redis', url: url.toString(), ...(ttl !== null ? { ttlSeconds: Number(ttl) } : {}) };
  }
  if (/^jsonl:/i.test(target)) return { kind: 'jsonl', dir: target.slice('jsonl:'.length) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) throw invalid(target.replace(/\/\/.*$/, '//…'), 'unknown store scheme');
  if (!target) throw invalid(target, 'an empty store location');
  return { kind: 'jsonl', dir: target };
}

function invalid(shown: string, why: string): ConfigError {
  return configError({
    code: 'config.invalid',
    // A URL can hold a password: name the scheme only.
    message: `session store ${JSON.stringify(shown.replace(/:\/\/[^@/]*@/, '://…@'))} is not valid: ${why}`,
    hint: 'Use a directory (JSONL), sqlite:<file>, postgres://…, mysql://… (MariaDB too) or redis://…',
  });
}

async function ensureDriver(target: StoreTarget, importer?: ModuleImporter): Promise<void> {
  if (target.kind !== 'jsonl') await loadDriver(STORE_DRIVERS[target.kind], importer);
}

/** Opens a session store from a location string; a missing driver fails here with `session.driver_missing`. */
export async function openSessionStore(target: string, options: OpenStoreOptions = {}): Promise<SessionStoreV1 & { close(): Promise<void> }> {
  strictOptions('openSessionStore', OPEN_STORE_KEYS, options);
  const parsed = parseStoreTarget(target);
  await ensureDriver(parsed, options.importer);
  const common = options.importer ? { importer: options.importer } : {};
  switch (parsed.kind) {
    case 'jsonl':
      return jsonlSessionStore({ dir: parsed.dir, ...(options.fsync ? { fsync: options.fsync } : {}) });
    case 'sqlite':
      return sqliteSessionStore({ path: parsed.path, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'postgres':
      return postgresSessionStore({ connectionString: parsed.url, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'mysql':
      return mysqlSessionStore({ connectionString: parsed.url, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'redis': {
      const ttlSeconds = options.ttlSeconds ?? parsed.ttlSeconds;
      return redisSessionStore({
        url: parsed.url,
        ...common,
        ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}),
        ...(ttlSeconds !== undefined ? { ttlSeconds } : {}),
      });
    }
  }
}

/** Opens the approval store that lives beside a session store (a JSONL directory gets an `approvals/` subdirectory). */
export async function openApprovalStore(target: string, options: OpenStoreOptions = {}): Promise<ApprovalStoreV1 & { close?(): Promise<void> }> {
  strictOptions('openApprovalStore', OPEN_STORE_KEYS, options);
  const parsed = parseStoreTarget(target);
  await ensureDriver(parsed, options.importer);
  const common = options.importer ? { importer: options.importer } : {};
  switch (parsed.kind) {
    case 'jsonl':
      return jsonlApprovalStore({ dir: join(parsed.dir, 'approvals') });
    case 'sqlite':
      return sqliteApprovalStore({ path: parsed.path, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'postgres':
      return postgresApprovalStore({ connectionString: parsed.url, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'mysql':
      return mysqlApprovalStore({ connectionString: parsed.url, ...common, ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}) });
    case 'redis':
      return redisApprovalStore({ url: parsed.url, ...common, ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}) });
  }
}
