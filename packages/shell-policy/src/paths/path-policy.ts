import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { posix } from 'node:path';
import { PROTECTED_PATHS, protectedNames, protectedNameTest } from '@warden/protocol/vocabulary';
import { hasGlob, segmentMatches } from './glob-segment.js';

export type PathClass = 'inside' | 'outside' | 'protected';

/** Names protected at any depth of the workspace (the vocabulary's table), matched case-insensitively and on every spelling a platform folds into them. */
export const DEFAULT_PROTECTED_NAMES: readonly string[] = Object.freeze(protectedNames(PROTECTED_PATHS));
const isDefaultProtectedName = protectedNameTest(DEFAULT_PROTECTED_NAMES);

export interface PathPolicyOptions {
  /** The workspace root; resolved to an absolute path. */
  workspace: string;
  /**
   * Extra protected paths. An entry without `/` is a name protected at any depth (`secrets.json`,
   * `*.pem`); an entry with `/` is rooted at the workspace (`config/prod`, `/abs/inside/ws`).
   * Segments may be shell globs.
   */
  protectedPaths?: readonly string[];
}

export interface InspectOptions {
  /** Directory relative paths resolve against (default: the workspace root). */
  cwd?: string;
  /** Treat `*`, `?`, `[…]` in segments as globs that may name protected entries (default true). */
  glob?: boolean;
  /** Globs match a leading dot, as `find -name` does (default false, as the shell does). */
  globDot?: boolean;
}

export interface PathInspection {
  class: PathClass;
  /** Lexically resolved absolute path; absent for `~`-relative paths. */
  absolute?: string;
  /** Workspace-relative path (`''` for the root) when the path is inside. */
  relative?: string;
  /** True when the path is the workspace root itself. */
  isRoot: boolean;
  /** True when the path is an ancestor of a rooted protected path (deleting it deletes that). */
  containsProtected: boolean;
}

export interface PathPolicy {
  readonly workspace: string;
  classify(path: string, options?: InspectOptions): PathClass;
  inspect(path: string, options?: InspectOptions): PathInspection;
}

function splitSegments(p: string): string[] {
  return p.split('/').filter((s) => s.length > 0);
}

const PATH_POLICY_KEYS = { workspace: true, protectedPaths: true } satisfies OptionKeys<PathPolicyOptions>;

/**
 * One lexical path policy for every route to the file system (tool path arguments, shell
 * `rm` targets, redirections, copy destinations). It resolves `..` and `.` against the workspace and
 * compares segment by segment — never by string prefix. It does not touch the disk: symlinks are
 * the path jail's job (`@warden/tools`).
 */
export function pathPolicy(options: PathPolicyOptions): PathPolicy {
  strictOptions('pathPolicy', PATH_POLICY_KEYS, options);
  const workspace = posix.resolve(options.workspace);
  const wsSegments = splitSegments(workspace);
  const anyDepth: string[] = [...DEFAULT_PROTECTED_NAMES];
  const rooted: string[][] = [];
  for (const entry of options.protectedPaths ?? []) {
    const trimmed = entry.replace(/\/+$/, '');
    if (trimmed.length === 0) continue;
    if (!trimmed.includes('/')) {
      anyDepth.push(trimmed);
      continue;
    }
    const abs = posix.resolve(workspace, trimmed);
    const segs = splitSegments(abs);
    const inside = segs.length > wsSegments.length && wsSegments.every((s, i) => segs[i] === s);
    if (inside) rooted.push(segs.slice(wsSegments.length));
  }

  function inspect(path: string, opts: InspectOptions = {}): PathInspection {
    const globOn = opts.glob !== false;
    const dot = opts.globDot === true;
    if (path.startsWith('~') || /^\$(?:HOME\b|\{HOME\})/.test(path)) return { class: 'outside', isRoot: false, containsProtected: false };
    const base = opts.cwd === undefined ? workspace : posix.resolve(workspace, opts.cwd);
    const absolute = posix.resolve(base, path);
    const segs = splitSegments(absolute);
    const inside = segs.length >= wsSegments.length && wsSegments.every((s, i) => segs[i] === s);
    if (!inside) return { class: 'outside', absolute, isRoot: false, containsProtected: false };
    const rel = segs.slice(wsSegments.length);
    const relative = rel.join('/');
    const match = (seg: string, pattern: string): boolean => (globOn || !hasGlob(seg) ? segmentMatches(seg, pattern, dot) : seg.toLowerCase() === pattern.toLowerCase());
    const byName = rel.some((seg) => isDefaultProtectedName(seg) || anyDepth.some((name) => match(seg, name)));
    const underRooted = rooted.some((pat) => pat.length <= rel.length && pat.every((p, i) => match(rel[i] as string, p)));
    const containsProtected = rooted.some((pat) => pat.length > rel.length && rel.every((seg, i) => match(seg, pat[i] as string)));
    return {
      class: byName || underRooted ? 'protected' : 'inside',
      absolute,
      relative,
      isRoot: rel.length === 0,
      containsProtected,
    };
  }

  return {
    workspace,
    inspect,
    classify: (path, opts) => inspect(path, opts).class,
  };
}
