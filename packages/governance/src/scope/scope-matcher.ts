import { defaultPorts, hostSpecAllows, parseHostSpec, scopeHostText } from '@warden/protocol/net';
import type { RunScope, ScopePath } from '@warden/protocol';
import { globToRegExp } from '../policy/glob.js';
import { isPathGlob, pathGlobRegExp } from './path-glob.js';

/** Answers "is this workspace-relative path / host inside the run's scope, and by which entry?". */
export interface ScopeMatcher {
  /** The entry that covers a workspace-relative path (`task:README.md`), or undefined. */
  pathEntry(relative: string): string | undefined;
  /** True when the path is itself a directory entry of the scope (`src` for the entry `src/`). */
  isDirectoryEntry(relative: string): boolean;
  /**
   * The entry that covers a host on a port (`task:api.example.com`), or undefined. Without a
   * port: the default ports (80 or 443) of `scheme`, or of the web.
   */
  hostEntry(host: string, port?: number, scheme?: string): string | undefined;
  /** Every host in the scope, each with its port and scheme as entry text (`http://localhost:3000`), for the egress check. */
  readonly hosts: readonly string[];
  /** The entry that names a tool (`task:docs__*`), or undefined. */
  toolEntry(name: string): string | undefined;
  /** The entry that names this tool exactly (`task:docs__delete_page`), not by a glob; or undefined. */
  exactToolEntry(name: string): string | undefined;
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

/** Compiles a scope once per run (the gate caches it by identity). */
export function scopeMatcher(scope: RunScope | undefined): ScopeMatcher {
  const paths = (scope?.paths ?? []).map(compile);
  const hosts = (scope?.hosts ?? []).map((h) => ({ entry: h, text: scopeHostText(h), spec: parseHostSpec(scopeHostText(h)) }));
  const tools = (scope?.tools ?? []).map((t) => ({ entry: t, regex: globToRegExp(t.pattern) }));
  return {
    hosts: hosts.map((h) => h.text),
    pathEntry(relative) {
      const hit = paths.find((p) => p.test(relative));
      return hit ? `${hit.entry.origin}:${hit.entry.pattern}` : undefined;
    },
    isDirectoryEntry(relative) {
      return paths.some((p) => p.entry.kind === 'dir' && p.entry.pattern.replace(/^\.\/+/, '').replace(/\/+$/, '') === relative);
    },
    hostEntry(host, port, scheme) {
      const ports = port !== undefined ? [port] : defaultPorts(scheme);
      const hit = hosts.find(({ spec }) => spec !== undefined && ports.some((p) => hostSpecAllows(spec, { host, port: p, ...(scheme !== undefined ? { scheme } : {}) })));
      // The label names the host and the port the entry wrote (`task:localhost:3000`, `task:data.example.com`).
      return hit ? `${hit.entry.origin}:${hit.entry.host}${hit.entry.port !== undefined ? `:${hit.entry.port}` : ''}` : undefined;
    },
    exactToolEntry(name) {
      const hit = tools.find((t) => t.entry.pattern === name);
      return hit ? `${hit.entry.origin}:${hit.entry.pattern}` : undefined;
    },
    toolEntry(name) {
      const hit = tools.find((t) => t.regex.test(name));
      return hit ? `${hit.entry.origin}:${hit.entry.pattern}` : undefined;
    },
  };
}
