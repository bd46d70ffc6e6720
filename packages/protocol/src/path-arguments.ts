import type { JsonValue } from './json.js';

/**
 * The one list of tool-argument names that hold file-system paths, shared by core (what a run
 * wrote) and governance (what the jail and the scope check). Names are compared without `_`/`-`,
 * case-insensitively; names ending in path, file, dir or folder count too (see `pathArguments`).
 */
export const PATH_ARGUMENT_NAMES: readonly string[] = [
  'path',
  'paths',
  'file',
  'files',
  'filepath',
  'filepaths',
  'filename',
  'target',
  'targets',
  'dest',
  'destination',
  'source',
  'src',
  'from',
  'to',
  'dir',
  'dirs',
  'directory',
  'cwd',
  'workdir',
  'outdir',
  'outfile',
  'root',
];

const NAMES = new Set(PATH_ARGUMENT_NAMES);
/** Any key ending like these holds paths too (`output_path`, `targetFile`, `sourceDir`, `baseFolder`). */
const SUFFIXES = /(path|paths|file|files|filename|dir|dirs|directory|directories|folder|folders)$/;
const MAX_DEPTH = 8;

function normalizeKey(key: string): string {
  return key.replace(/[_-]/g, '').toLowerCase();
}

/** A path found in the arguments, with the field it came from (`edits[0].path`). */
export interface PathArgument {
  field: string;
  value: string;
}

/**
 * Every string under a path-like key, at any depth (arrays of paths, objects
 * holding paths), so `{ edits: [{ file: '../x' }] }` is checked like `{ path }`.
 */
export function pathArguments(args: JsonValue): { paths: PathArgument[]; tooDeep: boolean } {
  const out = { paths: [] as PathArgument[], tooDeep: false };
  walk(args, '', false, 0, out);
  return out;
}

function walk(value: JsonValue, field: string, underPathKey: boolean, depth: number, out: { paths: PathArgument[]; tooDeep: boolean }): void {
  if (depth > MAX_DEPTH) {
    // Too deep to check: the gate refuses rather than letting a path through unchecked.
    if (value !== null && typeof value === 'object') out.tooDeep = true;
    else if (typeof value === 'string' && underPathKey) out.paths.push({ field, value });
    return;
  }
  if (typeof value === 'string') {
    if (underPathKey) out.paths.push({ field, value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, `${field}[${i}]`, underPathKey, depth + 1, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const normalized = normalizeKey(key);
      walk(child, field === '' ? key : `${field}.${key}`, NAMES.has(normalized) || SUFFIXES.test(normalized), depth + 1, out);
    }
  }
}
