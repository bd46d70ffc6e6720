import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@warden/protocol';
import { normalizePathInput } from './path-input.js';
import { createProtectedMatcher } from './protected-paths.js';
import { toolError } from './tool-error-codes.js';

/** The kernel's limit on symlinks followed in one lookup (Linux MAXSYMLINKS). */
const MAX_SYMLINK_HOPS = 40;

export interface PathJailOptions {
  /** The workspace root; must exist and be a directory. */
  root: string;
  /** Extra protected globs on top of `.env`, `.env.*`, `.git`, `.warden`. */
  protectedPaths?: readonly string[];
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

/**
 * Resolves `segments` below the real directory `start` the way the kernel
 * would, reading each symlink (file, directory, chain or dangling) and stopping
 * at the first component that does not exist.
 */
function resolveReal(start: string, segments: readonly string[]): { real: string; exists: boolean } {
  let current = start;
  const queue = [...segments];
  let hops = 0;
  while (queue.length > 0) {
    const segment = queue.shift() as string;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, segment);
    const stat = lstatSync(next, { throwIfNoEntry: false });
    if (stat === undefined) return { real: path.join(next, ...queue), exists: false };
    if (stat.isSymbolicLink()) {
      hops += 1;
      if (hops > MAX_SYMLINK_HOPS) throw toolError('tool.path_invalid', 'path has too many levels of symbolic links', 'Check for a symlink loop.');
      const target = readlinkSync(next);
      if (path.isAbsolute(target)) current = path.parse(target).root;
      queue.unshift(...target.split(path.sep === '\\' ? /[/\\]/ : '/'));
      continue;
    }
    if (!stat.isDirectory() && queue.some((s) => s !== '' && s !== '.')) {
      // A file in the middle of the path: the lookup fails with ENOTDIR; report it as not existing.
      return { real: path.join(next, ...queue), exists: false };
    }
    current = next;
  }
  return { real: current, exists: true };
}

/**
 * The path jail of ARCHITECTURE.md §5: every path is resolved against the root,
 * symlinks of every existing component are resolved, and the result is
 * compared with the real root segment by segment, never by string prefix.
 */
export function createPathJail(options: PathJailOptions): PathJail {
  let root: string;
  try {
    root = realpathSync(path.resolve(options.root));
  } catch (error) {
    throw new ConfigError({ code: 'config.invalid', message: `workspace root ${JSON.stringify(options.root)} does not exist`, hint: 'Create the directory or pass another root.', cause: error });
  }
  if (!statSync(root).isDirectory()) {
    throw new ConfigError({ code: 'config.invalid', message: `workspace root ${JSON.stringify(options.root)} is not a directory` });
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
    let lexical: string;
    if (path.isAbsolute(normalized)) {
      const absolute = path.resolve(normalized);
      if (isWithin(rootSegments, absolute)) lexical = absolute;
      else if (isWithin(givenSegments, absolute)) lexical = path.join(root, ...segmentsOf(absolute).slice(givenSegments.length));
      else throw outside(input, 'is an absolute path outside the workspace');
    } else {
      lexical = path.resolve(root, normalized);
      if (!isWithin(rootSegments, lexical)) throw outside(input, 'climbs out of the workspace');
    }
    const lexicalRelative = relativeOf(lexical);
    if (isProtected(lexicalRelative)) throw protectedError(input, lexicalRelative, false);
    const { real, exists } = resolveReal(root, segmentsOf(lexical).slice(rootSegments.length));
    if (!contains(real)) throw outside(input, 'resolves through a symbolic link to a place outside the workspace');
    const relative = relativeOf(real);
    if (relative !== lexicalRelative && isProtected(relative)) throw protectedError(input, relative, true);
    return { input, real, relative, exists };
  };

  return { root, resolve, contains, isProtected, relativeOf };
}
