/**
 * The one glob compiler. Every package that matches names or paths against user-written globs
 * (policy tool names, MCP tool filters, guardrails, check selectors, task-scope paths, the effect
 * table, protected paths, shell targets) compiles them here, so `*` means the same everywhere.
 *
 * - `path: false` (default): a name glob. `*` is any run of characters, `?` exactly one.
 * - `path: true`: a workspace-relative path glob. `**` spans directories (`**\/x.md` also matches
 *   `x.md` at the root), `*` and `?` stay inside one segment. Without `dot`, no wildcard at a
 *   segment's start matches a leading dot, as the shell does; a segment written with a dot still
 *   matches it.
 * - `classes`: `[…]` is a character class (`[!…]`/`[^…]` negated), as in the shell. Off by default:
 *   a task's `app/[id]/page.tsx` names that folder literally.
 * - `nocase`: case-insensitive (protected names on folding file systems).
 */
export interface GlobOptions {
  path?: boolean;
  dot?: boolean;
  classes?: boolean;
  nocase?: boolean;
}

const SPECIAL = /[\\^$.|+()[\]{}/?*]/g;

function escape(ch: string): string {
  return ch.replace(SPECIAL, '\\$&');
}

/** An anchored regular expression for a glob. */
export function globRegExp(glob: string, options: GlobOptions = {}): RegExp {
  const flags = options.nocase === true ? 'si' : 's';
  if (options.path !== true) {
    let source = '';
    for (const ch of glob) source += ch === '*' ? '.*' : ch === '?' ? '.' : escape(ch);
    return new RegExp(`^${source}$`, flags);
  }
  const dot = options.dot === true;
  const guard = dot ? '' : '(?!\\.)';
  let source = '';
  let i = 0;
  while (i < glob.length) {
    const ch = glob[i] as string;
    const start = i === 0 || glob[i - 1] === '/';
    const lead = start ? guard : '';
    if (ch === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      if (slash) source += `(?:${guard}[^/]+/)*`;
      else source += dot ? '.*' : `(?:${guard}[^/]*(?:/${guard}[^/]+)*)?`;
      i += slash ? 3 : 2;
      continue;
    }
    if (ch === '*') source += `${lead}[^/]*`;
    else if (ch === '?') source += `${lead}[^/]`;
    else if (ch === '[' && options.classes === true && glob.indexOf(']', i + 2) !== -1) {
      const close = glob.indexOf(']', i + 2);
      let body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `${lead}[${negated ? '^/' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
      i = close;
    } else source += escape(ch);
    i += 1;
  }
  return new RegExp(`^${source}$`, flags);
}

/** True when the text holds glob characters (`*`, `?`, `[`). */
export function hasGlob(text: string): boolean {
  return /[*?[]/.test(text);
}
