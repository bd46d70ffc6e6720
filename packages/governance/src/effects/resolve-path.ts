import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Where a path really lands: workspace-relative with `/` separators, or outside it. */
export interface ResolvedPath {
  /** `inside` (including the workspace root itself) or `outside`. */
  where: 'inside' | 'outside';
  /** Workspace-relative, `/`-separated, after symlinks and `..`; `''` is the root. Undefined when outside. */
  relative?: string;
  /** The absolute real path. */
  real: string;
  /** True when a symlink was followed on the way. */
  viaSymlink: boolean;
}

const MAX_LINKS = 40;

function realOr(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

/**
 * Resolves a path argument the way the kernel (and the tools' path jail) will: component by
 * component from the workspace root, following every symlink that exists — also a dangling one, to
 * where it points —, with `..` after a symlink going to the target's parent. Components that do not
 * exist yet are taken as written. Policy decisions are made on the result (issue 34: a write to
 * `docs/link.md` → `../WARDEN.md` is judged as `WARDEN.md`), never on the path as written.
 */
export function resolveWorkspacePath(workspace: string, value: string): ResolvedPath {
  const root = realOr(workspace);
  const input = value.replace(/\\/g, '/');
  let current = path.isAbsolute(input) ? '/' : root;
  const pending = input.split('/').filter((c) => c !== '' && c !== '.');
  let links = 0;
  let viaSymlink = false;
  let exists = true;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    if (!exists) {
      current = next;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      exists = false;
      current = next;
      continue;
    }
    if (!isLink) {
      current = next;
      continue;
    }
    links += 1;
    viaSymlink = true;
    if (links > MAX_LINKS) {
      // A loop: judge it as outside, where nothing is allowed.
      return { where: 'outside', real: next, viaSymlink };
    }
    const target = readlinkSync(next).replace(/\\/g, '/');
    if (path.isAbsolute(target)) current = '/';
    pending.unshift(...target.split('/').filter((c) => c !== '' && c !== '.'));
  }
  const rel = path.relative(root, current);
  if (rel === '') return { where: 'inside', relative: '', real: current, viaSymlink };
  if (rel.split(path.sep)[0] === '..' || path.isAbsolute(rel)) return { where: 'outside', real: current, viaSymlink };
  return { where: 'inside', relative: rel.split(path.sep).join('/'), real: current, viaSymlink };
}
