/**
 * A workspace-relative path glob as an anchored regular expression: `**` spans any number of
 * directories (`**\/x.md` also matches `x.md` at the root), `*` and `?` stay inside one segment.
 * Case-sensitive, as the file systems Warden jails are. Without `dot`, no wildcard matches a name
 * that starts with a dot (a task's `**\/*.json` does not reach `.vscode/tasks.json`); a segment
 * written with a dot (`.vscode/*.json`, `**\/.npmrc`) still matches it. The effect table matches
 * with `dot: true`.
 */
export function pathGlobRegExp(glob: string, options: { dot?: boolean } = {}): RegExp {
  const dot = options.dot === true;
  // At the start of a segment a wildcard must not begin a dot-name unless `dot`.
  const guard = dot ? '' : '(?!\\.)';
  let source = '';
  let i = 0;
  while (i < glob.length) {
    const ch = glob[i] as string;
    const atSegmentStart = i === 0 || glob[i - 1] === '/';
    if (ch === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      if (slash) source += `(?:${guard}[^/]+/)*`;
      else source += dot ? '.*' : `(?:${guard}[^/]*(?:/${guard}[^/]+)*)?`;
      i += slash ? 3 : 2;
      continue;
    }
    if (ch === '*') source += `${atSegmentStart ? guard : ''}[^/]*`;
    else if (ch === '?') source += `${atSegmentStart ? guard : ''}[^/]`;
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    i += 1;
  }
  return new RegExp(`^${source}$`, 's');
}

/** True when the text holds glob characters. */
export function isPathGlob(text: string): boolean {
  return /[*?]/.test(text);
}
