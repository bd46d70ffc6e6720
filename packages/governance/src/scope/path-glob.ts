/**
 * A workspace-relative path glob as an anchored regular expression: `**` spans any number of
 * directories (`**\/x.md` also matches `x.md` at the root), `*` and `?` stay inside one segment.
 * Case-sensitive, as the file systems Warden jails are.
 */
export function pathGlobRegExp(glob: string): RegExp {
  let source = '';
  let i = 0;
  while (i < glob.length) {
    const ch = glob[i] as string;
    if (ch === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:[^/]+/)*' : '.*';
      i += slash ? 3 : 2;
      continue;
    }
    if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    i += 1;
  }
  return new RegExp(`^${source}$`, 's');
}

/** True when the text holds glob characters. */
export function isPathGlob(text: string): boolean {
  return /[*?]/.test(text);
}
