/**
 * A tool-name glob as an anchored regular expression: `*` is any run of
 * characters, `?` exactly one; everything else is literal.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (const ch of glob) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

/** True when `name` matches any of the globs. */
export function matchesAnyGlob(name: string, globs: readonly RegExp[]): boolean {
  return globs.some((glob) => glob.test(name));
}
