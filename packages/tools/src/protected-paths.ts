import { loadPicomatch } from './cjs-deps.js';
import { canonicalName, PROTECTED_PATHS, protectedNames, protectedNameTest } from '@warden/protocol/vocabulary';

/** The paths every workspace refuses, at any depth (the vocabulary's table: `.env`, `.env.*`, `.git`, `.warden`). */
export const DEFAULT_PROTECTED_PATHS: readonly string[] = Object.freeze(protectedNames(PROTECTED_PATHS));
const isDefaultProtectedName = protectedNameTest(DEFAULT_PROTECTED_PATHS);

/**
 * One matcher for several globs: a glob without `/` matches a path's last
 * segment, one with `/` matches the whole path from the root.
 */
export function globMatcher(globs: readonly string[], options: { nocase?: boolean } = {}): (relative: string) => boolean {
  const common = { dot: true, nocase: options.nocase ?? true };
  const byName = globs.filter((g) => !g.includes('/'));
  const byPath = globs.filter((g) => g.includes('/')).map((g) => g.replace(/^\.\//, '').replace(/^\//, ''));
  const name = byName.length === 0 ? undefined : loadPicomatch()(byName, common);
  const full = byPath.length === 0 ? undefined : loadPicomatch()(byPath, common);
  return (relative: string): boolean => {
    if (full?.(relative)) return true;
    if (!name) return false;
    const slash = relative.lastIndexOf('/');
    return name(slash === -1 ? relative : relative.slice(slash + 1));
  };
}

/**
 * Builds the protected-path test for workspace-relative POSIX paths. The
 * defaults match a segment at any depth (case-insensitively, for
 * case-insensitive file systems), and so does every spelling another platform
 * folds into one of them (the vocabulary's folding: `.env.`, `.env::$DATA`,
 * `GIT~1`, `．git`). Extra patterns are globs: a pattern without a slash
 * matches a segment name anywhere, one with a slash matches from the root; a
 * match on any ancestor protects everything below it, and they are tried on
 * the folded spelling too.
 */
export function createProtectedMatcher(extra: readonly string[] = []): (relative: string) => boolean {
  const custom = extra.length === 0 ? undefined : globMatcher(extra);
  return (relative: string): boolean => {
    if (relative === '' || relative === '.') return false;
    const segments = relative.split('/');
    for (const segment of segments) if (isDefaultProtectedName(segment)) return true;
    if (custom) {
      let prefix = '';
      let folded = '';
      for (const segment of segments) {
        prefix = prefix === '' ? segment : `${prefix}/${segment}`;
        const name = canonicalName(segment);
        folded = folded === '' ? name : `${folded}/${name}`;
        if (custom(prefix) || (folded !== prefix && custom(folded))) return true;
      }
    }
    return false;
  };
}
