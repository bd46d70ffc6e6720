import { globRegExp, hasGlob } from '@warden/protocol/vocabulary';

export { hasGlob };

/**
 * One path segment written as a shell glob, as an anchored, case-insensitive regex (the
 * vocabulary's compiler, with shell classes). `dotMatches: false` follows the shell (a leading
 * `*`/`?` does not match a leading dot); `true` follows `find -name`, where it does.
 */
export function segmentRegex(segment: string, dotMatches = false): RegExp {
  return globRegExp(segment, { path: true, classes: true, nocase: true, dot: dotMatches });
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
