import { isMissingModule, type ModuleImporter } from '@warden/protocol/vocabulary';
import { DashError } from '../errors/dash-error.js';

/** The database drivers, optional peers of @warden/dash: a PostgreSQL deployment needs no native build, a SQLite one no pg. */
export const DRIVER_VERSIONS = { 'better-sqlite3': '12.11.1', pg: '8.23.1' } as const;
export type DriverName = keyof typeof DRIVER_VERSIONS;

/** How a module is imported; tests pass their own to stand in for a package that is not installed. */
export type { ModuleImporter };

const nativeImport: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads a driver on first use. Not installed → `dash.driver_missing` with the exact install
 * command; installed but broken (a native build for another Node) → the same code with a
 * rebuild hint. Returns the default export (both drivers are CommonJS).
 */
export async function loadDriver<T>(name: DriverName, importer: ModuleImporter = nativeImport): Promise<T> {
  let mod: unknown;
  try {
    mod = await importer(name);
  } catch (error) {
    const missing = isMissingModule(error, name);
    throw new DashError({
      code: 'dash.driver_missing',
      message: missing ? `The database driver ${name} is not installed.` : `The database driver ${name} is installed but could not be loaded.`,
      hint: missing ? `npm install ${name}@${DRIVER_VERSIONS[name]}` : `Reinstall it for this Node version: npm rebuild ${name}`,
      cause: error,
    });
  }
  const withDefault = mod as { default?: unknown };
  return (withDefault.default ?? mod) as T;
}
