import type { RunScope, ScopePath } from '@warden/protocol';
import { globToRegExp } from '../policy/glob.js';
import { isPathGlob, pathGlobRegExp } from './path-glob.js';

/** Answers "is this workspace-relative path / host inside the run's scope, and by which entry?". */
export interface ScopeMatcher {
  /** The entry that covers a workspace-relative path (`task:README.md`), or undefined. */
  pathEntry(relative: string): string | undefined;
  /** True when the path is itself a directory entry of the scope (`src` for the entry `src/`). */
  isDirectoryEntry(relative: string): boolean;
  /** The entry that covers a host (`task:api.example.com`), or undefined. */
  hostEntry(host: string): string | undefined;
  /** Every host in the scope (for the egress check). */
  readonly hosts: readonly string[];
  /** The entry that names a tool (`task:docs__*`), or undefined. */
  toolEntry(name: string): string | undefined;
}

interface CompiledPath {
  entry: ScopePath;
  test(relative: string): boolean;
}

function compile(entry: ScopePath): CompiledPath {
  const pattern = entry.pattern.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (entry.kind === 'glob' || isPathGlob(pattern)) {
    const regex = pathGlobRegExp(pattern);
    return { entry, test: (relative) => regex.test(relative) };
  }
  if (entry.kind === 'dir') {
    if (pattern === '' || pattern === '.') return { entry, test: () => true };
    return { entry, test: (relative) => relative === pattern || relative.startsWith(`${pattern}/`) };
  }
  return { entry, test: (relative) => relative === pattern };
}

function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
}

/** Compiles a scope once per run (the gate caches it by identity). */
export function scopeMatcher(scope: RunScope | undefined): ScopeMatcher {
  const paths = (scope?.paths ?? []).map(compile);
  const hosts = (scope?.hosts ?? []).map((h) => ({ entry: h, host: normalizeHost(h.host) }));
  const tools = (scope?.tools ?? []).map((t) => ({ entry: t, regex: globToRegExp(t.pattern) }));
  return {
    hosts: hosts.map((h) => h.host),
    pathEntry(relative) {
      const hit = paths.find((p) => p.test(relative));
      return hit ? `${hit.entry.origin}:${hit.entry.pattern}` : undefined;
    },
    isDirectoryEntry(relative) {
      return paths.some((p) => p.entry.kind === 'dir' && p.entry.pattern.replace(/^\.\/+/, '').replace(/\/+$/, '') === relative);
    },
    hostEntry(host) {
      const h = normalizeHost(host);
      const hit = hosts.find(({ host: allowed }) => {
        const base = allowed.replace(/^\*\./, '');
        return h === base || (allowed.startsWith('*.') && h.endsWith(`.${base}`));
      });
      return hit ? `${hit.entry.origin}:${hit.entry.host}` : undefined;
    },
    toolEntry(name) {
      const hit = tools.find((t) => t.regex.test(name));
      return hit ? `${hit.entry.origin}:${hit.entry.pattern}` : undefined;
    },
  };
}
