import { configError } from './coded-errors.js';
import { ConfigError, type ApprovalStoreV1, type SessionStoreV1, strictOptions, type OptionKeys } from '@warden/protocol';
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
  | { kind: 's3'; bucket: string; prefix: string; region?: string; endpoint?: string }
  | { kind: 'redis'; url: string; ttlSeconds?: number };

/**
 * Reads a store location: `sqlite:path` (or `sqlite://path`), `postgres://…` / `postgresql://…`, `mysql://…` / `mariadb://…`,
 * `redis://…` / `rediss://…` (with an optional `?ttl=<seconds>`), `s3://bucket/prefix/` (with optional
 * `?region=…&endpoint=…` for R2, MinIO and other S3-compatible stores), `jsonl:dir`, or a plain directory path.
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
  if (/^s3:\/\//i.test(target)) return s3Target(target);
  if (/^jsonl:/i.test(target)) return { kind: 'jsonl', dir: target.slice('jsonl:'.length) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) throw invalid(target.replace(/\/\/.*$/, '//…'), 'unknown store scheme');
  if (!target) throw invalid(target, 'an empty store location');
  return { kind: 'jsonl', dir: target };
}

/** `s3://bucket/prefix/?region=…&endpoint=…`: credentials never in the location (the AWS SDK's chain finds them). */
function s3Target(target: string): StoreTarget {
  const url = new URL(target);
  if (url.username || url.password) throw invalid('s3://…', 'put credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or a profile, never in the location');
  if (!url.hostname) throw invalid(target, 's3:// needs a bucket, e.g. s3://my-bucket/warden/');
  for (const key of url.searchParams.keys()) if (key !== 'region' && key !== 'endpoint') throw invalid(target, `unknown parameter "${key}" (known: region, endpoint)`);
  const path = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const prefix = path === '' ? 'warden/' : path.endsWith('/') ? path : `${path}/`;
  const region = url.searchParams.get('region');
  const endpoint = url.searchParams.get('endpoint');
  return { kind: 's3', bucket: url.hostname, prefix, ...(region ? { region } : {}), ...(endpoint ? { endpoint } : {}) };
}

function invalid(shown: string, why: string): ConfigError {
  return configError({
    code: 'config.invalid',
    // A URL can hold a password: name the scheme only.
    message: `session store ${JSON.stringify(shown.replace(/:\/\/[^@/]*@/, '://…@'))} is not valid: ${why}`,
    hint: 'Use a directory (JSONL), sqlite:<file>, postgres://…, mysql://… (MariaDB too), redis://… or s3://bucket/prefix/',
  });
}

async function ensureDriver(target: StoreTarget, importer?: ModuleImporter): Promise<void> {
  if (target.kind !== 'jsonl') await loadDriver(STORE_DRIVERS[target.kind], importer);
}

function s3Options(target: Extract<StoreTarget, { kind: 's3' }>, common: { importer?: ModuleImporter }) {
  return { bucket: target.bucket, prefix: target.prefix, ...(target.region ? { region: target.region } : {}), ...(target.endpoint ? { endpoint: target.endpoint } : {}), ...common };
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
    case 's3':
      return s3ApprovalStore(s3Options(parsed, common));
    case 'redis':
      return redisApprovalStore({ url: parsed.url, ...common, ...(options.keyPrefix ? { keyPrefix: options.keyPrefix } : {}) });
  }
}
