import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { asJailError } from './fs-errors.js';
import { normalizePathInput } from './path-input.js';
import { createProtectedMatcher } from './protected-paths.js';
import { configError, toolError } from './tool-error-codes.js';

/** The kernel's limit on symlinks followed in one lookup (Linux MAXSYMLINKS). */
const MAX_SYMLINK_HOPS = 40;

export interface PathJailOptions {
  /** The workspace root; must exist and be a directory. */
  root: string;
  /** Extra protected globs on top of `.env`, `.env.*`, `.git`, `.warden`. */
  protectedPaths?: readonly string[];
  /**
   * Read regular files that have more than one hard link (default false: refused with
   * `tool.path_hardlinked`, since another link may lie outside the workspace). Writes never go
   * through a hard link either way: they replace the directory entry.
   */
  allowHardLinks?: boolean;
}

export interface JailedPath {
  /** What the caller passed. */
  input: string;
  /** The real path (every existing symlink resolved); inside the root. */
  real: string;
  /** `real` relative to the root, with `/` separators; `.` for the root itself. */
  relative: string;
  /** Whether the path exists now. */
  exists: boolean;
}

export interface PathJail {
  /** The real path of the root. */
  readonly root: string;
  /** Whether files with several hard links may be read (see `PathJailOptions.allowHardLinks`). */
  readonly allowHardLinks: boolean;
  /**
   * Resolves a path argument against the root and checks it: refused with
   * `tool.path_outside_workspace`, `tool.path_protected` or `tool.path_invalid`.
   */
  resolve(input: string): JailedPath;
  /** Whether an absolute real path is the root or below it, segment by segment. */
  contains(realPath: string): boolean;
  /** Whether a workspace-relative path is protected. */
  isProtected(relative: string): boolean;
  /** The root-relative POSIX form of an absolute path inside the root. */
  relativeOf(absolute: string): string;
}

function segmentsOf(absolute: string): string[] {
  return absolute.split(path.sep).filter((s) => s !== '');
}

/** Segment-wise containment: `/ws-evil` is not inside `/ws`. */
function isWithin(rootSegments: readonly string[], candidate: string): boolean {
  const segments = segmentsOf(candidate);
  if (segments.length < rootSegments.length) return false;
  for (let i = 0; i < rootSegments.length; i++) if (segments[i] !== rootSegments[i]) return false;
  return true;
}

/** Whether `candidate` is the file-system root or a directory on the way down to the jail root. */
function isAncestorOf(rootSegments: readonly string[], candidate: string): boolean {
  const segments = segmentsOf(candidate);
  if (segments.length > rootSegments.length) return false;
  for (let i = 0; i < segments.length; i++) if (segments[i] !== rootSegments[i]) return false;
  return true;
}

function startsWithSegments(segments: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= segments.length && prefix.every((s, i) => segments[i] === s);
}

interface WalkChecks {
  /** Called with every place the lookup reaches, before it is looked at; throws to refuse. */
  enter(place: string, viaLink: boolean): void;
  label: string;
}

/**
 * Resolves `segments` from the real directory `start` component by component, the way the
 * kernel's lookup does: each existing component is `lstat`ed, a symlink's target is spliced in
 * (relative to the link's directory, or from `/` when absolute), and `..` goes to the parent of
 * the directory actually reached — so `link/..` is the parent of the link's *target*, as `cat`
 * would see it, never the directory holding the link. Where a component does not exist the rest
 * is taken literally (nothing below a missing name can be a link); a `..` there cancels the missing
 * name before it. Every place reached is shown to `checks.enter` first, so the walk stops at the
 * first step out of bounds without looking further.
 */
function resolveReal(start: string, segments: readonly string[], checks: WalkChecks): { real: string; exists: boolean } {
  let current = start;
  const queue = [...segments];
  const missing: string[] = [];
  let hops = 0;
  while (queue.length > 0) {
    const segment = queue.shift() as string;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (missing.length > 0) missing.pop();
      else {
        current = path.dirname(current);
        checks.enter(current, hops > 0);
      }
      continue;
    }
    if (missing.length > 0) {
      missing.push(segment);
      checks.enter(path.join(current, ...missing), hops > 0);
      continue;
    }
    const next = path.join(current, segment);
    checks.enter(next, hops > 0);
    let stat;
    try {
      stat = lstatSync(next, { throwIfNoEntry: false });
    } catch (error) {
      throw asJailError(error, checks.label);
    }
    if (stat === undefined) {
      missing.push(segment);
      continue;
    }
    if (stat.isSymbolicLink()) {
      hops += 1;
      if (hops > MAX_SYMLINK_HOPS) throw toolError('tool.path_invalid', 'path has too many levels of symbolic links', 'Check for a symlink loop.');
      let target: string;
      try {
        target = readlinkSync(next);
      } catch (error) {
        // Replaced (EINVAL) or removed (ENOENT) between the lstat and the readlink.
        throw asJailError(error, checks.label);
      }
      if (path.isAbsolute(target)) current = path.parse(target).root;
      queue.unshift(...target.split(path.sep === '\\' ? /[/\\]/ : '/'));
      continue;
    }
    if (!stat.isDirectory() && queue.some((s) => s !== '' && s !== '.')) {
      // A file in the middle of the path: the kernel's lookup fails with ENOTDIR.
      throw toolError('tool.not_a_file', `${checks.label}: a component of the path is a file, not a directory`, 'Check the path with list_files.');
    }
    current = next;
  }
  return { real: missing.length === 0 ? current : path.join(current, ...missing), exists: missing.length === 0 };
}

const PATH_JAIL_KEYS = { root: true, protectedPaths: true, allowHardLinks: true } satisfies OptionKeys<PathJailOptions>;

/**
 * The path jail of ARCHITECTURE.md §5: every path is resolved against the root,
 * symlinks of every existing component are resolved, and the result is
 * compared with the real root segment by segment, never by string prefix.
 */
export function createPathJail(options: PathJailOptions): PathJail {
  strictOptions('createPathJail', PATH_JAIL_KEYS, options);
  let root: string;
  try {
    root = realpathSync(path.resolve(options.root));
  } catch (error) {
    throw configError({ code: 'config.invalid', message: `workspace root ${JSON.stringify(options.root)} does not exist`, hint: 'Create the directory or pass another root.', cause: error });
  }
  if (!statSync(root).isDirectory()) {
    throw configError({ code: 'config.invalid', message: `workspace root ${JSON.stringify(options.root)} is not a directory` });
  }
  const givenRoot = path.resolve(options.root);
  const rootSegments = segmentsOf(root);
  const givenSegments = segmentsOf(givenRoot);
  const isProtected = createProtectedMatcher(options.protectedPaths ?? []);

  const relativeOf = (absolute: string): string => {
    const rel = path.relative(root, absolute);
    return rel === '' ? '.' : rel.split(path.sep).join('/');
  };
  const contains = (realPath: string): boolean => isWithin(rootSegments, realPath);

  const outside = (input: string, how: string) =>
    toolError('tool.path_outside_workspace', `${JSON.stringify(input)} ${how}`, 'Use a path inside the workspace, relative to its root.');
  const protectedError = (input: string, relative: string, viaLink: boolean) =>
    toolError(
      'tool.path_protected',
      `${JSON.stringify(input)} is protected${viaLink ? ` (it resolves to ${relative})` : ''}: .env files, .git, .warden and configured paths are never read or written by tools`,
      'Work on other files; ask the user to change protected files themselves.',
    );

  const resolve = (input: string): JailedPath => {
    const normalized = normalizePathInput(input);
    const absolute = path.isAbsolute(normalized);
    let start = root;
    let segments = normalized.split('/');
    if (absolute) {
      const given = segments.filter((s) => s !== '');
      // The root may be spelled by its real path or as it was given (through a symlink); any other
      // absolute path is looked up from `/`, and refused at its first step away from the root.
      if (startsWithSegments(given, rootSegments)) segments = given.slice(rootSegments.length);
      else if (startsWithSegments(given, givenSegments)) segments = given.slice(givenSegments.length);
      else {
        start = path.parse(root).root;
        segments = given;
      }
    }
    const enter = (place: string, viaLink: boolean): void => {
      if (contains(place)) {
        const relative = relativeOf(place);
        if (isProtected(relative)) throw protectedError(input, relative, viaLink);
        return;
      }
      // Passing through the root's ancestors is how `..` and absolute link targets come back in.
      if (isAncestorOf(rootSegments, place)) return;
      throw outside(
        input,
        viaLink ? 'resolves through a symbolic link to a place outside the workspace' : absolute ? 'is an absolute path outside the workspace' : 'climbs out of the workspace',
      );
    };
    const { real, exists } = resolveReal(start, segments, { enter, label: JSON.stringify(input) });
    if (!contains(real)) throw outside(input, absolute ? 'is an absolute path outside the workspace' : 'climbs out of the workspace');
    const relative = relativeOf(real);
    if (isProtected(relative)) throw protectedError(input, relative, false);
    return { input, real, relative, exists };
  };

  return { root, allowHardLinks: options.allowHardLinks === true, resolve, contains, isProtected, relativeOf };
}
