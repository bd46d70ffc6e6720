import { isLookAlikeTraversal } from '@warden/protocol/vocabulary';
import { toolError } from './tool-error-codes.js';

/** Linux PATH_MAX and NAME_MAX, in bytes. */
export const MAX_PATH_BYTES = 4096;
export const MAX_SEGMENT_BYTES = 255;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const DRIVE = /^[a-z]:/i;

/**
 * Checks a path argument before it touches the file system and returns it
 * with `\` turned into `/` (so Windows-style paths behave as they would on
 * Windows: `..\..\x` is a traversal, not a file name). Throws
 * `tool.path_invalid` for malformed input (including segments that only look
 * like `.`/`..` after Unicode folding) and `tool.path_outside_workspace` for
 * forms that can only mean somewhere else (`C:\`, `~`). Percent signs are
 * ordinary characters: `a%2e%2e` is a file name, not an encoded traversal.
 */
export function normalizePathInput(input: unknown): string {
  if (typeof input !== 'string') throw toolError('tool.path_invalid', `path must be a string, got ${input === null ? 'null' : typeof input}`);
  if (input.trim() === '') throw toolError('tool.path_invalid', 'path is empty', 'Pass a path relative to the workspace root, e.g. "src/index.ts" or ".".');
  if (input.includes('\u0000')) throw toolError('tool.path_invalid', 'path contains a NUL byte', 'Remove the NUL byte from the path.');
  if (CONTROL.test(input)) throw toolError('tool.path_invalid', 'path contains a control character (newline, tab, escape...)', 'Pass the plain file name.');
  if (Buffer.byteLength(input) > MAX_PATH_BYTES) {
    throw toolError('tool.path_invalid', `path is longer than ${MAX_PATH_BYTES} bytes`, 'Use a shorter path.');
  }
  if (URL_LIKE.test(input)) throw toolError('tool.path_invalid', 'path is a URL, not a file path', 'Pass a path relative to the workspace root.');
  const normalized = input.replace(/\\/g, '/');
  if (DRIVE.test(normalized)) {
    throw toolError('tool.path_outside_workspace', `${JSON.stringify(input)} is a Windows drive path outside the workspace`, 'Pass a path relative to the workspace root.');
  }
  if (normalized === '~' || normalized.startsWith('~/') || /^~[^/]*\//.test(normalized) || /^~[^/]*$/.test(normalized)) {
    throw toolError('tool.path_outside_workspace', `${JSON.stringify(input)} refers to a home directory, outside the workspace`, 'Pass a path relative to the workspace root.');
  }
  for (const segment of normalized.split('/')) {
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      throw toolError('tool.path_invalid', `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`, 'Use shorter file names.');
    }
    if (isLookAlikeTraversal(segment)) {
      throw toolError(
        'tool.path_invalid',
        `${JSON.stringify(input)} has a segment that reads as "." or ".." (or holds a separator) once Unicode look-alikes are folded`,
        'Use plain ASCII dots and slashes; look-alike dots and trailing spaces alias "." and ".." on some platforms.',
      );
    }
  }
  return normalized;
}
