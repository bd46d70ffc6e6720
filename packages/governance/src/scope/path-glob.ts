import { globRegExp } from '@warden/protocol/vocabulary';

/**
 * A workspace-relative path glob as an anchored regular expression (the vocabulary's one
 * compiler): `**` spans any number of directories (`**\/x.md` also matches `x.md` at the root),
 * `*` and `?` stay inside one segment, `[` is literal (`app/[id]/page.tsx`). Case-sensitive, as
 * the file systems Warden jails are. Without `dot`, no wildcard matches a name that starts with a
 * dot (a task's `**\/*.json` does not reach `.vscode/tasks.json`); a segment written with a dot
 * (`.vscode/*.json`, `**\/.npmrc`) still matches it. The effect table matches with `dot: true`.
 */
export function pathGlobRegExp(glob: string, options: { dot?: boolean } = {}): RegExp {
  return globRegExp(glob, { path: true, dot: options.dot === true });
}

/** True when the text holds glob characters. */
export function isPathGlob(text: string): boolean {
  return /[*?]/.test(text);
}
