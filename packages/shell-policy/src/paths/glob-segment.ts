/** Characters that make a path segment a shell glob (`*`, `?`, `[…]`). */
const GLOB_CHARS = /[*?[]/;

export function hasGlob(segment: string): boolean {
  return GLOB_CHARS.test(segment);
}

/**
 * Compiles one path segment written as a shell glob into an anchored, case-insensitive regex.
 * `dotMatches: false` follows the shell (a leading `*`/`?` does not match a leading dot);
 * `true` follows `find -name`, where it does.
 */
export function segmentRegex(segment: string, dotMatches = false): RegExp {
  let out = '';
  let i = 0;
  while (i < segment.length) {
    const ch = segment[i] as string;
    if (ch === '*') out += '.*';
    else if (ch === '?') out += '.';
    else if (ch === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        let body = segment.slice(i + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        out += `[${negated ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
        i = close;
      }
    } else out += ch.replace(/[.+^${}()|\\/]/g, '\\$&');
    i += 1;
  }
  const leadingWildcard = !segment.startsWith('.');
  const guard = !dotMatches && leadingWildcard ? '(?!\\.)' : '';
  return new RegExp(`^${guard}${out}$`, 'i');
}

/** Whether a path segment (literal or glob) can name `target` (literal or glob). */
export function segmentMatches(segment: string, target: string, dotMatches = false): boolean {
  const segGlob = hasGlob(segment);
  const targetGlob = hasGlob(target);
  if (!segGlob && !targetGlob) return segment.toLowerCase() === target.toLowerCase();
  if (segGlob && segmentRegex(segment, dotMatches).test(target)) return true;
  if (targetGlob && segmentRegex(target, true).test(segment)) return true;
  return false;
}
