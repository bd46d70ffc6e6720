import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_PROVIDER_CATALOG, withProviders, type ProviderCatalog, type ProviderPlugin } from '@warden/providers/selection';
import type { ProviderPluginEntry } from './harness-config.js';
import { configError } from './coded-errors.js';

type PackageJson = { main?: unknown; module?: unknown; exports?: unknown };

/** The ESM entry a package folder publishes: `exports["."]` (`import`, then `default`), else `module`, `main`, `index.js`. */
function packageEntry(dir: string): string {
  const file = path.join(dir, 'package.json');
  const pkg: PackageJson = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PackageJson) : {};
  let target: unknown = pkg.exports;
  if (target && typeof target === 'object' && '.' in target) target = (target as Record<string, unknown>)['.'];
  for (let depth = 0; target && typeof target === 'object' && depth < 4; depth++) {
    const conditions = target as Record<string, unknown>;
    target = conditions.import ?? conditions.node ?? conditions.default;
  }
  const entry = typeof target === 'string' ? target : typeof pkg.module === 'string' ? pkg.module : typeof pkg.main === 'string' ? pkg.main : 'index.js';
  return path.resolve(dir, entry);
}

/** A file or package folder path as a file to import. */
function fileOf(resolved: string): string {
  return existsSync(resolved) && statSync(resolved).isDirectory() ? packageEntry(resolved) : resolved;
}

/** A bare specifier (`acme-provider`, `@acme/warden-provider/sub`) found in `node_modules` from `baseDir` upwards. */
function fromNodeModules(specifier: string, baseDir: string): string | undefined {
  const parts = specifier.split('/');
  const nameLength = specifier.startsWith('@') ? 2 : 1;
  const name = parts.slice(0, nameLength).join('/');
  const subpath = parts.slice(nameLength).join('/');
  for (let dir = baseDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(candidate)) return subpath ? fileOf(path.join(candidate, subpath)) : packageEntry(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

function resolveModule(entry: ProviderPluginEntry, baseDir: string): string {
  const spec = entry.module;
  if (spec.startsWith('file:')) return spec;
  if (path.isAbsolute(spec) || spec.startsWith('.')) return pathToFileURL(fileOf(path.resolve(baseDir, spec))).href;
  const found = fromNodeModules(spec, baseDir);
  if (!found) {
    throw configError({
      code: 'config.invalid',
      message: `providerPlugins "${entry.name}": package "${spec}" is not installed`,
      hint: `Install it in the project (npm install ${spec}) or give a path to the plugin.`,
    });
  }
  return pathToFileURL(found).href;
}

/** What a plugin module exports: a factory, or a `{ create, label?, defaultModel? }` object. */
function pluginFrom(entry: ProviderPluginEntry, exported: unknown): ProviderPlugin {
  if (typeof exported === 'function') return { name: entry.name, create: exported as ProviderPlugin['create'] };
  if (exported && typeof exported === 'object' && typeof (exported as { create?: unknown }).create === 'function') {
    const { label, defaultModel, create, fields, capabilities } = exported as Partial<ProviderPlugin>;
    // Declared fields and capabilities travel with the factory (withProviders checks them).
    return {
      name: entry.name,
      create: create!.bind(exported),
      ...(typeof label === 'string' ? { label } : {}),
      ...(typeof defaultModel === 'string' ? { defaultModel } : {}),
      ...(fields !== undefined ? { fields } : {}),
      ...(Array.isArray(capabilities) ? { capabilities } : {}),
    };
  }
  throw configError({
    code: 'config.invalid',
    message: `providerPlugins "${entry.name}": ${entry.module} has no provider factory in its "${entry.export ?? 'default'}" export`,
    hint: 'Export a function (context) => ProviderV1, or an object with a create(context) method.',
  });
}

/**
 * Imports each `providerPlugins` module and returns `catalog` with them added. Paths are relative
 * to `baseDir`; packages are looked up in `node_modules` from `baseDir` upwards. A module that
 * cannot be imported, or exports no factory, is a `ConfigError` naming the entry.
 */
export async function loadProviderPlugins(entries: readonly ProviderPluginEntry[], baseDir: string, catalog: ProviderCatalog = DEFAULT_PROVIDER_CATALOG): Promise<ProviderCatalog> {
  const plugins: ProviderPlugin[] = [];
  for (const entry of entries) {
    const url = resolveModule(entry, baseDir);
    let namespace: Record<string, unknown>;
    try {
      namespace = (await import(url)) as Record<string, unknown>;
    } catch (cause) {
      throw configError({
        code: 'config.invalid',
        message: `providerPlugins "${entry.name}": ${entry.module} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`,
        hint: 'Check the module path or package name, and that it is an ES module.',
        cause,
      });
    }
    plugins.push(pluginFrom(entry, namespace[entry.export ?? 'default']));
  }
  return withProviders(catalog, plugins);
}
