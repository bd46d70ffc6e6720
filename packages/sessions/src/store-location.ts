import path from 'node:path';
import type { ConfigError } from '@warden/protocol';
import { configError } from './coded-errors.js';

// The one reading of a store location (issue 35): the harness, the CLI and fleet workers read
// `--sessions`/`sessions` here. A light module (no store code), also the `@warden/sessions/location` entry.

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
  if (/^(jsonl|file):/i.test(target)) return { kind: 'jsonl', dir: target.replace(/^(jsonl|file):(\/\/)?/i, '') };
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

/**
 * A store location as a workspace names it: no location is the JSONL default `.warden/sessions`
 * under `base`, and a relative directory or SQLite file is resolved against `base`.
 */
export function storeTargetIn(spec: string | undefined, base: string): StoreTarget {
  if (!spec) return { kind: 'jsonl', dir: path.join(base, '.warden', 'sessions') };
  const target = parseStoreTarget(spec);
  if (target.kind === 'jsonl') return { kind: 'jsonl', dir: path.resolve(base, target.dir) };
  if (target.kind === 'sqlite' && target.path !== ':memory:') return { kind: 'sqlite', path: path.resolve(base, target.path) };
  return target;
}

/** A printable name of a store that never includes a password. */
export function describeStoreTarget(target: StoreTarget): string {
  switch (target.kind) {
    case 'jsonl':
      return target.dir;
    case 'sqlite':
      return `sqlite:${target.path}`;
    case 's3':
      return `s3://${target.bucket}/${target.prefix}`;
    default: {
      try {
        const url = new URL(target.url);
        if (url.password) url.password = '***';
        return url.toString();
      } catch {
        return target.kind;
      }
    }
  }
}
