import { ToolError } from '@warden/protocol';
import { toolError } from './tool-error-codes.js';

/** The errno code of a Node file-system error, if it is one. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

const SWAPPED_HINT = 'Something is changing files in the workspace while the tool runs; try again once it is stable.';

/**
 * Turns a file-system errno met while resolving or opening `label` into a typed jail result, so a
 * path that changes under a tool (a symlink swapped in, a directory replaced by a file, an entry
 * removed) ends in a `tool.*` refusal rather than a raw error:
 *
 * - `ENOENT` → `tool.file_not_found`; `ENOTDIR`, `EISDIR` → `tool.not_a_file`;
 * - `ELOOP` (a symlink where `O_NOFOLLOW` refused one), `EINVAL` (`readlink` on what is no longer a
 *   link), `EXDEV`, `EMLINK` → `tool.path_outside_workspace` ("changed while it was opened");
 * - `ENAMETOOLONG` → `tool.path_invalid`; `EACCES`, `EPERM` → `tool.execution_failed` (permission denied).
 *
 * Returns undefined for anything else (not an errno, or one that means a real failure).
 */
export function jailErrorOf(error: unknown, label: string): ToolError | undefined {
  if (ToolError.isInstance(error)) return error;
  const code = errnoOf(error);
  switch (code) {
    case 'ENOENT':
      return toolError('tool.file_not_found', `${label} does not exist`, 'Check the path with list_files.', error);
    case 'ENOTDIR':
      return toolError('tool.not_a_file', `a component of ${label} is not a directory`, 'Check the path with list_files.', error);
    case 'EISDIR':
      return toolError('tool.not_a_file', `${label} is a directory, not a file`, 'Use list_files to see what it holds.', error);
    case 'ELOOP':
    case 'EINVAL':
    case 'EXDEV':
    case 'EMLINK':
      return toolError('tool.path_outside_workspace', `${label} changed while it was being resolved or opened and is refused`, SWAPPED_HINT, error);
    case 'ENAMETOOLONG':
      return toolError('tool.path_invalid', `${label} is too long for the file system`, 'Use a shorter path.', error);
    case 'EACCES':
    case 'EPERM':
      return toolError('tool.execution_failed', `permission denied on ${label}`, 'Check the file permissions.', error);
    default:
      return undefined;
  }
}

/** `jailErrorOf`, or the error itself when it is not one the jail classifies. */
export function asJailError(error: unknown, label: string): Error {
  return jailErrorOf(error, label) ?? (error as Error);
}
