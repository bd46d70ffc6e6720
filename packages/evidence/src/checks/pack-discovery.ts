import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { WardenError } from '@warden/protocol';
import type { ReportError } from '../report/report-schema.js';
import type { Pack } from './pack-definition.js';
import { normalizePack } from './normalize-pack.js';

export type PackLoad = { source: string; status: 'loaded'; pack: Pack } | { source: string; status: 'error'; error: ReportError };

/** A pack named in a config file: a package name or a path, with options for a pack factory. */
export type PackSpecifier = string | readonly [string, unknown];

function failure(source: string, message: string, cause?: unknown): PackLoad {
  const detail = cause instanceof Error ? `: ${cause.name}: ${cause.message}` : '';
  const code = WardenError.isInstance(cause) ? cause.code : 'evidence.pack_load_failed';
  return { source, status: 'error', error: { name: 'EvidenceError', code, message: `${message}${detail}`.slice(0, 2000) } };
}

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function packEntryOf(manifest: Record<string, unknown>): string | undefined {
  const warden = manifest.warden;
  if (typeof warden !== 'object' || warden === null) return undefined;
  const entry = (warden as Record<string, unknown>).pack;
  return typeof entry === 'string' ? entry : undefined;
}

async function importPack(source: string, file: string, options: unknown): Promise<PackLoad> {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    return failure(source, `pack ${source} could not be imported`, error);
  }
  let value = module.default;
  try {
    if (typeof value === 'function') value = await (value as (options: unknown) => unknown)(options);
  } catch (error) {
    return failure(source, `pack ${source}: its factory threw`, error);
  }
  try {
    return { source, status: 'loaded', pack: normalizePack(value) };
  } catch (error) {
    return failure(source, `pack ${source} is invalid`, error);
  }
}

/** Loads the pack of a package directory (its package.json names it in `warden.pack`). */
async function loadPackageDir(source: string, dir: string, options: unknown): Promise<PackLoad> {
  const manifest = await readJson(path.join(dir, 'package.json'));
  if (manifest === undefined) return failure(source, `${source} has no readable package.json`);
  const entry = packEntryOf(manifest);
  if (entry === undefined) return failure(source, `${source}'s package.json has no "warden": { "pack": "…" } entry`);
  const file = path.resolve(dir, entry);
  const rel = path.relative(dir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return failure(source, `${source}'s warden.pack points outside the package`);
  return importPack(source, file, options);
}

/**
 * Loads one pack from a path (a package directory or a module file) or from a
 * package name installed in `<cwd>/node_modules`. Never throws: a failure is a
 * `status: 'error'` entry that names the error.
 */
export async function loadPack(specifier: PackSpecifier, options: { cwd: string }): Promise<PackLoad> {
  const [source, packOptions] = typeof specifier === 'string' ? [specifier, undefined] : [specifier[0], specifier[1]];
  const isPath = source.startsWith('.') || path.isAbsolute(source);
  const target = isPath ? path.resolve(options.cwd, source) : path.join(options.cwd, 'node_modules', ...source.split('/'));
  let info;
  try {
    info = await stat(target);
  } catch (error) {
    return failure(source, isPath ? `pack path ${source} does not exist` : `pack package ${source} is not installed in node_modules`, error);
  }
  return info.isDirectory() ? loadPackageDir(source, target, packOptions) : importPack(source, target, packOptions);
}

async function packageDirs(nodeModules: string): Promise<Array<{ name: string; dir: string }>> {
  let entries: string[];
  try {
    entries = (await readdir(nodeModules)).sort();
  } catch {
    return [];
  }
  const out: Array<{ name: string; dir: string }> = [];
  for (const entry of entries) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      let scoped: string[];
      try {
        scoped = (await readdir(path.join(nodeModules, entry))).sort();
      } catch {
        continue;
      }
      for (const name of scoped) if (!name.startsWith('.')) out.push({ name: `${entry}/${name}`, dir: path.join(nodeModules, entry, name) });
    } else {
      out.push({ name: entry, dir: path.join(nodeModules, entry) });
    }
  }
  return out;
}

/**
 * Finds packs installed in the project: every package in `<cwd>/node_modules`
 * whose package.json declares `"warden": { "pack": "./dist/pack.js" }`. Only
 * that one directory is read (not parents, not global installs).
 */
export async function discoverPacks(options: { cwd: string }): Promise<PackLoad[]> {
  const found: PackLoad[] = [];
  for (const { name, dir } of await packageDirs(path.join(options.cwd, 'node_modules'))) {
    const manifest = await readJson(path.join(dir, 'package.json'));
    if (manifest === undefined || packEntryOf(manifest) === undefined) continue;
    found.push(await loadPackageDir(name, dir, undefined));
  }
  return found;
}

/** Discovery plus explicit packs (`--pack ./path`, config entries), de-duplicated by source. */
export async function loadPacks(options: { cwd: string; discover?: boolean; packs?: readonly PackSpecifier[] }): Promise<PackLoad[]> {
  const loads = options.discover === false ? [] : await discoverPacks({ cwd: options.cwd });
  for (const specifier of options.packs ?? []) {
    const source = typeof specifier === 'string' ? specifier : specifier[0];
    const index = loads.findIndex((load) => load.source === source);
    const load = await loadPack(specifier, { cwd: options.cwd });
    if (index >= 0) loads[index] = load;
    else loads.push(load);
  }
  return loads;
}
