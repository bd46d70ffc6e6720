import { globRegExp, hasGlob } from './glob.js';

/**
 * The protected-path table: names refused at any depth of a workspace by the path jail
 * (`@warden/tools`), the gate's path check (`@warden/governance`) and the shell analyzer
 * (`@warden/shell-policy`), and kept from commands by the OS sandbox. One edit here reaches all
 * four. `sandbox` says what the sandbox does with the name: `hidden` mounts an empty entry over it
 * (unreadable); `readOnly` lists the parts under it mounted read-only (git must still write its
 * objects, so only `.git/config` and `.git/hooks` are).
 */
export interface ProtectedPath {
  /** A segment name or glob (`.env.*`), matched case-insensitively and on every folded spelling. */
  name: string;
  sandbox: 'hidden' | { readOnly: readonly string[] };
}

export const PROTECTED_PATHS: readonly ProtectedPath[] = Object.freeze([
  { name: '.env', sandbox: 'hidden' },
  { name: '.env.*', sandbox: 'hidden' },
  { name: '.git', sandbox: { readOnly: ['.git/config', '.git/hooks'] } },
  { name: '.warden', sandbox: 'hidden' },
]);

/** The names of the table, in its order. */
export function protectedNames(table: readonly ProtectedPath[]): string[] {
  return table.map((entry) => entry.name);
}

/**
 * How one path segment may be read by another platform or tool. The jail runs on Linux, where
 * every byte sequence is a distinct name, but a workspace may be synced to (or mounted from) a
 * file system that folds names together: NTFS drops trailing dots and spaces and reads `name:stream`
 * as an alternate data stream of `name`, Windows keeps 8.3 short names (`GIT~1`), HFS+ ignores some
 * invisible code points, and Windows' "best fit" conversion turns full-width and other
 * compatibility characters into their ASCII look-alikes (`．．` into `..`). A name that any of
 * these would turn into a protected name or a traversal is refused, on every platform.
 *
 * Code points HFS+ ignores in names and NFKC keeps: zero-width joiners and marks, bidi controls,
 * the deprecated format characters and the byte-order mark (git's `is_hfs_dotgit` list).
 */
// eslint-disable-next-line no-misleading-character-class
const IGNORABLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff\u00ad\u034f\u180e]/g;

/** NFKC with the ignorable code points removed: what a folding platform may see. */
export function foldSegment(segment: string): string {
  // NFKC of a plain ASCII name is itself: skip the work for the usual case.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(segment)) return segment;
  return segment.normalize('NFKC').replace(IGNORABLE, '');
}

/**
 * Whether a segment is not literally `.` or `..` but reads as one once folded (`．．`, `‥`, `. `,
 * `.\u200b.`), or folds into a name holding a separator (`a／b`, `..＼x`).
 */
export function isLookAlikeTraversal(segment: string): boolean {
  if (segment === '.' || segment === '..') return false;
  const folded = foldSegment(segment);
  if (folded !== segment && /[/\\]/.test(folded)) return true;
  const trimmed = folded.replace(/[ \u00a0]+$/, '');
  return trimmed === '.' || trimmed === '..';
}

/**
 * The name a folding file system would store for a segment: folded (NFKC, ignorables removed),
 * lower-cased, cut at the first `:` (an NTFS alternate data stream such as `::$DATA`) and without
 * trailing dots and spaces. `..` and `.` are returned as they are.
 */
export function canonicalName(segment: string): string {
  if (segment === '.' || segment === '..') return segment;
  let name = foldSegment(segment).toLowerCase();
  const colon = name.indexOf(':');
  if (colon > 0) name = name.slice(0, colon);
  name = name.replace(/[. ]+$/, '');
  return name === '' ? segment.toLowerCase() : name;
}

/** The stem Windows keeps in an 8.3 short name (`.git` → `git`, `.env.*` → `env`, `.warden` → `warden`). */
function shortStem(name: string): string {
  return (name.replace(/^\.+/, '').split('.')[0] ?? '').replace(/[*?[\]]/g, '').slice(0, 6).toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.|+()[\]{}*?]/g, '\\$&');
}

/**
 * A test for one segment against a list of protected names (usually `protectedNames(PROTECTED_PATHS)`):
 * the name as written (case-insensitively), its canonical folded spelling, and the 8.3 short names
 * Windows gives the dot-names (`GIT~1`, `ENV~2.LOC`, `WARDEN~1`).
 */
export function protectedNameTest(names: readonly string[]): (segment: string) => boolean {
  const patterns = names.map((name) => (hasGlob(name) ? globRegExp(name, { nocase: true }) : undefined));
  const literal = new Set(names.filter((name) => !hasGlob(name)).map((name) => name.toLowerCase()));
  const stems = [...new Set(names.filter((name) => name.startsWith('.')).map(shortStem).filter((stem) => stem !== ''))];
  const short = stems.length === 0 ? undefined : new RegExp(`^(?:${stems.map(escapeRegExp).join('|')})~\\d+(?:\\.[^.]*)?$`);
  const matches = (name: string): boolean => literal.has(name) || patterns.some((pattern) => pattern?.test(name) === true);
  return (segment: string): boolean => {
    if (matches(segment.toLowerCase())) return true;
    const name = canonicalName(segment);
    return matches(name) || short?.test(name) === true;
  };
}
