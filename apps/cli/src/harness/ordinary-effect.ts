import path from 'node:path';
import { requiresPerson } from '@warden/protocol/policy';
import type { ApprovalRequest } from '@warden/protocol';

/** The workspace edits: what almost every coding session asks about, again and again. */
const WORKSPACE_WRITES = new Set(['edit_file', 'write_file']);

/**
 * The ordinary effect class, for the "always" answer: an edit or write of a workspace file that
 * the gate did not reserve for a person. Such a call keeps the "always" offer (and an earlier
 * "always" answers it) even after the session read a file, since reading files is what a coding
 * session does. Anything else that came after untrusted content is asked every time.
 *
 * The one place this is decided: when governance's effect classes land, this becomes a lookup of
 * the call's class.
 */
export function isOrdinaryEffect(request: ApprovalRequest): boolean {
  if (!WORKSPACE_WRITES.has(request.call.name) || requiresPerson(request.decision)) return false;
  const file = request.call.args.path;
  if (typeof file !== 'string' || file === '') return false;
  const normal = path.posix.normalize(file.replaceAll('\\', '/'));
  return !path.posix.isAbsolute(normal) && normal !== '..' && !normal.startsWith('../');
}
