import type { ApprovalStoreV1, SessionStoreV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { loadDriver, STORE_DRIVERS, type ModuleImporter } from './driver-loader.js';
import { jsonlApprovalStore } from './jsonl-approval-store.js';
import { jsonlSessionStore, type FsyncMode } from './jsonl-store.js';
import { mysqlApprovalStore } from './mysql-approval-store.js';
import { mysqlSessionStore } from './mysql-store.js';
import { s3ApprovalStore } from './s3-approval-store.js';
import { s3SessionStore } from './s3-store.js';
import { postgresApprovalStore } from './postgres-approval-store.js';
import { postgresSessionStore } from './postgres-store.js';
import { redisApprovalStore } from './redis-approval-store.js';
import { redisSessionStore } from './redis-store.js';
import { sqliteApprovalStore } from './sqlite-approval-store.js';
import { sqliteSessionStore } from './sqlite-store.js';
import { parseStoreTarget, type StoreTarget } from './store-location.js';

// Tests and older internal imports read the parser from here too.
export { parseStoreTarget, type StoreTarget };
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

const KINDS = new Set<string>(['jsonl', 'sqlite', 'postgres', 'mysql', 's3', 'redis']);

/** A parsed target as it is; anything else goes through the parser (which refuses what is not a location string). */
function targetOf(target: string | StoreTarget): StoreTarget {
  const kind = typeof target === 'object' && target !== null ? (target as { kind?: unknown }).kind : undefined;
  return typeof kind === 'string' && KINDS.has(kind) ? (target as StoreTarget) : parseStoreTarget(target as string);
}

async function ensureDriver(target: StoreTarget, importer?: ModuleImporter): Promise<void> {
  if (target.kind !== 'jsonl') await loadDriver(STORE_DRIVERS[target.kind], importer);
}

function s3Options(target: Extract<StoreTarget, { kind: 's3' }>, common: { importer?: ModuleImporter }) {
  return { bucket: target.bucket, prefix: target.prefix, ...(target.region ? { region: target.region } : {}), ...(target.endpoint ? { endpoint: target.endpoint } : {}), ...common };
}

/** Opens a session store from a location (a string, or one already read); a missing driver fails here with `session.driver_missing`. */
export async function openSessionStore(target: string | StoreTarget, options: OpenStoreOptions = {}): Promise<SessionStoreV1 & { close(): Promise<void> }> {
  strictOptions('openSessionStore', OPEN_STORE_KEYS, options);
  const parsed = targetOf(target);
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
    case 's3':
      return s3SessionStore(s3Options(parsed, common));
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
export async function openApprovalStore(target: string | StoreTarget, options: OpenStoreOptions = {}): Promise<ApprovalStoreV1 & { close?(): Promise<void> }> {
  strictOptions('openApprovalStore', OPEN_STORE_KEYS, options);
  const parsed = targetOf(target);
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
    case 's3':
      return s3ApprovalStore(s3Options(parsed, common));
    case 'redis':
      return redisApprovalStore({ url: parsed.url, ...common, ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}) });
  }
}
