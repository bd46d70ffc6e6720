import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { mediaError } from './coded-errors.js';

// The media tools' own jail: every path is resolved inside the workspace after symlinks, so an
// `images/` that is a symlink to elsewhere, or `../x.png`, is refused before a byte moves.

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function outside(path: string): never {
  throw mediaError('media.path_outside_workspace', { message: `${path} is outside the workspace`, hint: 'Use a path inside the workspace.' });
}

/** Reads a workspace file (the real path must stay inside the workspace). */
export async function readWorkspaceFile(workspace: string, path: string, maxBytes: number): Promise<Uint8Array> {
  const root = await realpath(workspace);
  const wanted = resolve(root, path);
  if (!inside(root, wanted)) outside(path);
  const real = await realpath(wanted).catch(() => outside(path));
  if (!inside(root, real)) outside(path);
  if (!(await stat(real)).isFile()) throw mediaError('media.unsupported', { message: `${path} is not a file` });
  const bytes = await readFile(real);
  if (bytes.length > maxBytes) throw mediaError('media.limit', { message: `${path} is ${bytes.length} bytes, over the ${maxBytes}-byte limit` });
  return new Uint8Array(bytes);
}

/** Writes a new file under `dir` in the workspace; returns its workspace-relative path. Never overwrites. */
export async function writeWorkspaceFile(workspace: string, dir: string, name: string, bytes: Uint8Array): Promise<string> {
  const root = await realpath(workspace);
  const folder = resolve(root, dir);
  if (!inside(root, folder)) outside(dir);
  await mkdir(folder, { recursive: true });
  const realFolder = await realpath(folder);
  if (!inside(root, realFolder)) outside(dir);
  const target = join(realFolder, name);
  await writeFile(target, bytes, { flag: 'wx' });
  return relative(root, target).split(sep).join('/');
}
