import { opendirSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { defaultPorts, parseHostSpec } from '@warden/protocol/net';
import type { RunScope, ScopeHost, ScopePath, ScopeTool, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { pathPolicy, type PathPolicy } from '@warden/shell-policy';
import { isPathGlob } from './path-glob.js';
import { asksForChange } from './task-intent.js';
import { taskWords as words } from './task-words.js';

export interface TaskScopeOptions {
  /** The workspace root; task words are checked against it. */
  workspace: string;
  /** Paths or globs the configuration authorizes (workspace-relative). */
  paths?: readonly string[];
  /**
   * Hosts the configuration authorizes, each on its ports: `api.example.com` (80 and 443 only),
   * `api.example.com:8443`, `db.internal:*` (every port), `*.example.com`, `http://localhost:3000`.
   */
  hosts?: readonly string[];
  /** Tool names or globs the configuration authorizes (`docs__search`, `docs__*`). */
  tools?: readonly string[];
  /**
   * Names of the configured MCP servers. A task that names one of them and says `MCP` or
   * `server` ("search the docs MCP server") authorizes that server's tools (`docs__*`); a task
   * that names a tool in full (`docs__search`) authorizes that tool.
   */
  toolServers?: readonly string[];
  /**
   * Names of configured agent tools (remote A2A agents). A task that names one of them and says
   * `agent` ("ask the researcher agent") authorizes that tool.
   */
  agentTools?: readonly string[];
  /** Extra protected paths: never put in scope (they are denied anyway). */
  protectedPaths?: readonly string[];
  /** Where config entries came from (default `config`). */
  origin?: 'config' | 'policy';
}

/** Top-level domains that make a bare word a host rather than a file name (`example.com`, not `notes.md`). */
const HOST_TLDS = new Set(['com', 'org', 'net', 'io', 'dev', 'app', 'ai', 'co', 'edu', 'gov', 'cloud', 'sh', 'xyz', 'info', 'biz', 'us', 'uk', 'de', 'fr', 'in', 'es', 'eu', 'local', 'internal', 'localhost']);
const URL_WORD = /^([a-z][a-z0-9+.-]*):\/\/(?:[^\s/@]+@)?(\[[0-9a-f:.]+\]|[^\s/:?#]+)(?::(\d{1,5}))?/i;
const HOST_WORD = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,})(?::(\d{1,5}))?$/i;
/** `localhost:3000`, `127.0.0.1:8080`: a loopback service named by its port (no scheme, no TLD). */
const LOOPBACK_PORT_WORD = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]):(\d{1,5})$/i;
const EXTENSION = /\.[A-Za-z0-9_-]{1,12}$/;
/** Punctuation that ends a sentence or wraps a word in any of the CLI's languages, never part of the path the user meant. */
type Kind = 'file' | 'dir' | undefined;

function kindOf(workspace: string, relative: string): Kind {
  try {
    const stat = statSync(posix.join(workspace, relative));
    return stat.isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
}

/** How many root entries a task's scope looks at (a workspace root with more is unusual; the rest are not matched by stem). */
const MAX_ROOT_ENTRIES = 10_000;

/**
 * The workspace root's names, read once per `taskScope` call on first need (not once per word of the
 * task) and at most `MAX_ROOT_ENTRIES` of them.
 */
function rootListing(workspace: string): () => readonly string[] {
  let names: string[] | undefined;
  return () => {
    if (names) return names;
    names = [];
    try {
      const dir = opendirSync(workspace);
      try {
        for (let entry = dir.readSync(); entry && names.length < MAX_ROOT_ENTRIES; entry = dir.readSync()) names.push(entry.name);
      } finally {
        dir.closeSync();
      }
    } catch {
      // unreadable root: no stem matches
    }
    return names;
  };
}

/** Root entries whose name without its extension is `stem` (`README` → `README.md`). */
function byStem(listing: () => readonly string[], stem: string): string[] {
  return listing().filter((name) => name !== stem && name.startsWith(`${stem}.`) && !name.slice(stem.length + 1).includes('.'));
}

function pushPath(out: ScopePath[], entry: ScopePath): void {
  if (!out.some((p) => p.kind === entry.kind && p.pattern === entry.pattern)) out.push(entry);
}

/** Says the task is about a server: the word that makes a server's name in it count. */
const SERVER_WORD = /\b(mcp|server|servers)\b/i;
const AGENT_WORD = /\b(agent|agents)\b/i;

function pushTool(out: ScopeTool[], entry: ScopeTool): void {
  if (!out.some((t) => t.pattern === entry.pattern)) out.push(entry);
}

/** The tools of configured servers the task names (see `TaskScopeOptions.toolServers`). */
function toolsFromWord(word: string, servers: readonly string[], aboutServers: boolean, out: ScopeTool[]): boolean {
  const lower = word.toLowerCase();
  const server = servers.find((s) => s.toLowerCase() === lower);
  if (server !== undefined && aboutServers) {
    pushTool(out, { pattern: `${server}__*`, origin: 'task', text: word });
    return true;
  }
  const full = /^([A-Za-z0-9_-]+?)__([A-Za-z0-9_.-]+)$/.exec(word);
  const named = full ? servers.find((s) => s === full[1]) : undefined;
  if (full && named !== undefined) {
    pushTool(out, { pattern: word, origin: 'task', text: word });
    return true;
  }
  return false;
}

function pushHost(out: ScopeHost[], entry: ScopeHost): void {
  const host = entry.host.toLowerCase();
  if (!out.some((h) => h.host === host && h.port === entry.port && h.scheme === entry.scheme)) out.push({ ...entry, host });
}

/** A port as written (1-65535), else undefined. */
function portOf(text: string | undefined): number | undefined {
  const port = text === undefined ? undefined : Number(text);
  return port !== undefined && Number.isInteger(port) && port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * A configured host entry (`api.example.com`, `*.example.com`, `db:5432`, `db:*`,
 * `http://localhost:3000`) as a scope entry keeping its port and scheme. A bare host means its
 * default ports (80 and 443) only; text that is no host entry is kept as written (it matches nothing).
 */
function configHost(text: string, origin: ScopeHost['origin']): ScopeHost {
  const spec = parseHostSpec(text);
  if (spec === undefined) return { host: text, origin, text };
  const defaults = defaultPorts(spec.scheme);
  const isDefault = spec.ports !== '*' && spec.ports.length === defaults.length && spec.ports.every((p, i) => p === defaults[i]);
  const port = spec.ports === '*' ? '*' : isDefault ? undefined : spec.ports[0];
  return { host: `${spec.wildcard ? '*.' : ''}${spec.host}`, ...(port !== undefined ? { port } : {}), ...(spec.scheme !== undefined ? { scheme: spec.scheme } : {}), origin, text };
}

/** A word of the task as a path inside the workspace (never protected, never outside), or undefined. */
function insideRelative(paths: PathPolicy, word: string): string | undefined {
  const inspection = paths.inspect(word.replace(/\\/g, '/'), { glob: false });
  if (inspection.class !== 'inside' || inspection.relative === undefined || inspection.relative === '') return undefined;
  return inspection.relative;
}

function pathFromWord(word: string, options: TaskScopeOptions, paths: PathPolicy, listing: () => readonly string[], out: ScopePath[]): void {
  const pathLike = word.includes('/') || EXTENSION.test(word) || isPathGlob(word);
  if (isPathGlob(word)) {
    const relative = word.replace(/^\.\/+/, '');
    if (!relative.startsWith('/') && !relative.split('/').includes('..') && paths.inspect(relative.replace(/[*?]/g, 'x'), { glob: false }).class === 'inside') {
      pushPath(out, { kind: 'glob', pattern: relative, origin: 'task', text: word });
    }
    return;
  }
  const relative = insideRelative(paths, word);
  if (relative === undefined) return;
  const kind = kindOf(options.workspace, relative);
  if (kind !== undefined) {
    pushPath(out, { kind, pattern: relative, origin: 'task', text: word });
    return;
  }
  if (!pathLike) {
    // A bare word counts only when it names a root entry by its stem (`README` → `README.md`).
    for (const name of byStem(listing, relative)) pushPath(out, { kind: 'file', pattern: name, origin: 'task', text: word });
    return;
  }
  // A new file at a named path, or a file named by its base name somewhere in the workspace.
  pushPath(out, { kind: 'file', pattern: relative, origin: 'task', text: word });
  if (!relative.includes('/')) pushPath(out, { kind: 'glob', pattern: `**/${relative}`, origin: 'task', text: word });
}

const TASK_SCOPE_KEYS = { workspace: true, paths: true, hosts: true, tools: true, toolServers: true, agentTools: true, protectedPaths: true, origin: true } satisfies OptionKeys<TaskScopeOptions>;

/**
 * The scope a run is authorized for, from the user's own words and the configuration — computed
 * before the model sees anything untrusted. A word of the task counts as a path when it has a `/`,
 * an extension or a glob, or names an existing workspace entry (a directory covers what is under
 * it); a new file name counts too (the user may ask to create it), and a bare file name also
 * covers that name anywhere in the workspace. Words are found the same way in any language (the
 * CLI speaks en, es, fr and hi: `arregla notas.md`, `notes.md में टाइपो ठीक करो`). A task that asks
 * for no change (`asksForChange`: "explain…", "explica…", "explique…", "समझाओ…") authorizes no
 * paths, and `task.asksForChange` is false. `task.words` keeps the task's words for authorizing a
 * specific non-ordinary effect (a file and the key it changes). URLs and host names give hosts; the names of configured MCP servers give
 * their tools (see `TaskScopeOptions.toolServers`). Protected paths and paths outside the
 * workspace never enter the scope.
 */
export function taskScope(task: string, options: TaskScopeOptions): RunScope {
  strictOptions('taskScope', TASK_SCOPE_KEYS, options);
  const paths = pathPolicy({ workspace: options.workspace, ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}) });
  const outPaths: ScopePath[] = [];
  const outHosts: ScopeHost[] = [];
  const outTools: ScopeTool[] = [];
  const origin = options.origin ?? 'config';
  for (const tool of options.tools ?? []) if (tool.trim() !== '') pushTool(outTools, { pattern: tool.trim(), origin, text: tool });
  const servers = options.toolServers ?? [];
  const aboutServers = SERVER_WORD.test(task);
  const agents = AGENT_WORD.test(task) ? (options.agentTools ?? []) : [];
  for (const entry of options.paths ?? []) {
    const pattern = entry.replace(/^\.\/+/, '').replace(/\/+$/, '');
    if (pattern === '' || pattern.startsWith('/') || pattern.split('/').includes('..')) continue;
    const kind = isPathGlob(pattern) ? 'glob' : kindOf(options.workspace, pattern) === 'dir' ? 'dir' : 'file';
    pushPath(outPaths, { kind, pattern, origin, text: entry });
  }
  for (const host of options.hosts ?? []) if (host.trim() !== '') pushHost(outHosts, configHost(host.trim(), origin));
  const change = asksForChange(task);
  const taskWords: string[] = [];
  const listing = rootListing(options.workspace);
  for (const word of words(task)) {
    if (servers.length > 0 && toolsFromWord(word, servers, aboutServers, outTools)) continue;
    const agent = agents.find((name) => name.toLowerCase() === word.toLowerCase());
    if (agent !== undefined) {
      pushTool(outTools, { pattern: agent, origin: 'task', text: word });
      continue;
    }
    // A host keeps its port (and a URL its scheme): naming `http://localhost:3000` authorizes that service, not the host's other ports.
    const url = URL_WORD.exec(word);
    if (url) {
      const port = portOf(url[3]);
      pushHost(outHosts, { host: (url[2] ?? '').replace(/^\[|\]$/g, ''), ...(port !== undefined ? { port } : {}), scheme: (url[1] ?? '').toLowerCase(), origin: 'task', text: word });
      continue;
    }
    const host = HOST_WORD.exec(word);
    if (host && HOST_TLDS.has((host[1] ?? '').toLowerCase()) && kindOf(options.workspace, word) === undefined) {
      const port = portOf(host[2]);
      pushHost(outHosts, { host: word.replace(/:\d+$/, ''), ...(port !== undefined ? { port } : {}), origin: 'task', text: word });
      continue;
    }
    const loopback = LOOPBACK_PORT_WORD.exec(word);
    const loopbackPort = portOf(loopback?.[2]);
    if (loopback && loopbackPort !== undefined) {
      pushHost(outHosts, { host: (loopback[1] ?? '').replace(/^\[|\]$/g, ''), port: loopbackPort, origin: 'task', text: word });
      continue;
    }
    if (change) pathFromWord(word, options, paths, listing, outPaths);
  }
  for (const word of words(task)) {
    const lower = word.toLowerCase();
    if (taskWords.length >= 256 || lower.length > 128) continue;
    if (!taskWords.includes(lower)) taskWords.push(lower);
    // `scripts.count` also names `count`; `save-exact=true` names `save-exact`.
    for (const piece of lower.split(/[.:#/=]/)) if (piece !== '' && piece !== lower && !taskWords.includes(piece)) taskWords.push(piece);
  }
  return { version: 1, paths: outPaths, hosts: outHosts, ...(outTools.length > 0 ? { tools: outTools } : {}), task: { asksForChange: change, words: taskWords } };
}
