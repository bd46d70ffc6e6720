/**
 * How one path segment may be read by another platform or tool. The jail runs on Linux, where
 * every byte sequence is a distinct name, but a workspace may be synced to (or mounted from) a
 * file system that folds names together: NTFS drops trailing dots and spaces and reads `name:stream`
 * as an alternate data stream of `name`, Windows keeps 8.3 short names (`GIT~1`), HFS+ ignores some
 * invisible code points, and Windows' "best fit" conversion turns full-width and other
 * compatibility characters into their ASCII look-alikes (`．．` into `..`). The jail refuses a name
 * that any of these would turn into a protected name or a traversal, on every platform.
 */

/**
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

/** 8.3 short names Windows gives `.git`, `.env…` and `.warden` (`GIT~1`, `ENV~2.LOC`, `WARDEN~1`). */
const SHORT_NAME = /^(?:git|env|warden)~\d+(?:\.[^.]*)?$/;

/** Whether a segment is, or on some platform aliases, `.git`, `.warden`, `.env` or `.env.*`. */
export function isDefaultProtectedName(segment: string): boolean {
  const raw = segment.toLowerCase();
  if (raw === '.git' || raw === '.warden' || raw === '.env' || raw.startsWith('.env.')) return true;
  const name = canonicalName(segment);
  return name === '.git' || name === '.warden' || name === '.env' || name.startsWith('.env.') || SHORT_NAME.test(name);
}
