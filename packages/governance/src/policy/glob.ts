import { globRegExp } from '@warden/protocol/vocabulary';

/**
 * A tool-name glob as an anchored regular expression: `*` is any run of
 * characters, `?` exactly one; everything else is literal (the vocabulary's one compiler).
 */
export function globToRegExp(glob: string): RegExp {
  return globRegExp(glob);
}

/** True when `name` matches any of the globs. */
export function matchesAnyGlob(name: string, globs: readonly RegExp[]): boolean {
  return globs.some((glob) => glob.test(name));
}
