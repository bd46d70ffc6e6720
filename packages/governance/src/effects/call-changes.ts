import { openSync, closeSync, fstatSync, readSync, constants } from 'node:fs';
import { pathArguments } from '@warden/protocol/policy';
import type { GateCall } from '@warden/protocol';
import type { FileChange } from './effect-classifier.js';
import { resolveWorkspacePath, type ResolvedPath } from './resolve-path.js';

/** Structured files bigger than this are not read: their change is judged by path (the stricter class). */
const MAX_READ = 1024 * 1024;

/** The text of a workspace file, or undefined (missing, too big, not a regular file). Never follows a final symlink: the path is already resolved. */
export function readSmallText(absolute: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_READ) return undefined;
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `edit_file`'s result on `before`, or undefined when it would not apply. */
function edited(before: string | undefined, args: GateCall['args']): string | undefined {
  const { oldText, newText, replaceAll } = args;
  if (before === undefined || typeof oldText !== 'string' || oldText === '' || typeof newText !== 'string') return undefined;
  const crlf = before.includes('\r\n') && !oldText.includes('\r\n');
  const from = crlf ? oldText.replace(/\n/g, '\r\n') : oldText;
  const to = crlf ? newText.replace(/\r?\n/g, '\r\n') : newText;
  if (!before.includes(from)) return undefined;
  return replaceAll === true ? before.split(from).join(to) : before.replace(from, () => to);
}

/** One path argument of a call, resolved, with the content it will have when the tool is known. */
export interface CallChange {
  field: string;
  resolved: ResolvedPath;
  change?: FileChange;
}

/**
 * What a file tool's call changes: each path argument resolved against the real file system
 * (symlinks and `..`), with the content before and — for `write_file` (`content`) and `edit_file`
 * (`oldText`/`newText`) — after, so a structured diff can classify it by the keys it touches. For
 * any other tool the content after is unknown.
 */
export function callChanges(call: GateCall, workspace: string, writeTools: { write: ReadonlySet<string>; edit: ReadonlySet<string> }): CallChange[] {
  const out: CallChange[] = [];
  for (const { field, value } of pathArguments(call.args).paths) {
    if (value.length === 0 || value.includes('\0')) continue;
    const resolved = resolveWorkspacePath(workspace, value);
    if (resolved.where !== 'inside' || resolved.relative === undefined) {
      out.push({ field, resolved });
      continue;
    }
    const before = readSmallText(resolved.real);
    let after: string | undefined;
    if (writeTools.write.has(call.name) && typeof call.args.content === 'string') after = call.args.content;
    else if (writeTools.edit.has(call.name)) after = edited(before, call.args);
    out.push({ field, resolved, change: { relative: resolved.relative, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) } });
  }
  return out;
}
