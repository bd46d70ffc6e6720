import path from 'node:path';
import type { ApprovalStoreV1, SessionStoreV1 } from '@warden/protocol';
import { configError } from './coded-errors.js';

export type StoreLocation =
  | { kind: 'jsonl'; dir: string }
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'redis'; url: string };

/**
 * `--sessions`: a directory (JSONL, the default `.warden/sessions`), `sqlite:FILE`,
 * `postgres://…`/`postgresql://…` or `redis://…`/`rediss://…`. Relative paths
 * are resolved against `base` (the workspace).
 */
export function parseStoreLocation(spec: string | undefined, base: string): StoreLocation {
  if (!spec) return { kind: 'jsonl', dir: path.join(base, '.warden', 'sessions') };
  if (/^postgres(ql)?:\/\//i.test(spec)) return { kind: 'postgres', url: spec };
  if (/^rediss?:\/\//i.test(spec)) return { kind: 'redis', url: spec };
  if (/^sqlite:/i.test(spec)) {
    const file = spec.replace(/^sqlite:(\/\/)?/i, '');
    if (!file) throw configError({ code: 'config.invalid', message: '--sessions sqlite: needs a file', hint: 'use sqlite:./sessions.db' });
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(base, file) };
  }
  if (/^(jsonl|file):/i.test(spec)) return { kind: 'jsonl', dir: path.resolve(base, spec.replace(/^(jsonl|file):(\/\/)?/i, '')) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) {
    throw configError({ code: 'config.invalid', message: `--sessions: unsupported store "${spec.split(':')[0]}"`, hint: 'use a directory, sqlite:FILE, postgres://… or redis://…' });
  }
  return { kind: 'jsonl', dir: path.resolve(base, spec) };
}

/** A printable name of the store that never includes a password. */
export function describeStore(location: StoreLocation): string {
  switch (location.kind) {
    case 'jsonl':
      return location.dir;
    case 'sqlite':
      return `sqlite:${location.path}`;
    default: {
      try {
        const url = new URL(location.url);
        if (url.password) url.password = '***';
        return url.toString();
      } catch {
        return location.kind;
      }
    }
  }
}

/** The location as @warden/sessions reads it (paths already absolute). */
function target(location: StoreLocation): string {
  switch (location.kind) {
    case 'jsonl':
      return location.dir;
    case 'sqlite':
      return `sqlite:${location.path}`;
    default:
      return location.url;
  }
}

/** Opens the store; drivers (better-sqlite3, pg, ioredis) load on first use, and a missing one names its install command. */
export async function openSessionStore(location: StoreLocation): Promise<SessionStoreV1 & { close?(): Promise<void> }> {
  const sessions = await import('@warden/sessions');
  return sessions.openSessionStore(target(location));
}

/** The durable-approval store beside the sessions (a JSONL directory gets an `approvals/` subdirectory). */
export async function openApprovalStore(location: StoreLocation): Promise<ApprovalStoreV1 & { close?(): Promise<void> }> {
  const sessions = await import('@warden/sessions');
  return sessions.openApprovalStore(target(location));
}
