import { isMissingModule, type ModuleImporter } from '@warden/protocol/vocabulary';
import { driverMissingError } from './session-errors.js';

/** The optional peer dependencies a store may need, by store. */
export const STORE_DRIVERS = {
  sqlite: 'better-sqlite3',
  postgres: 'pg',
  redis: 'ioredis',
  mysql: 'mysql2',
  s3: '@aws-sdk/client-s3',
} as const;
export type DriverName = (typeof STORE_DRIVERS)[keyof typeof STORE_DRIVERS];

/** How a module is imported; tests pass their own to simulate a missing package. */
export type { ModuleImporter };

const nativeImport: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads an optional driver on first use. A package that is not installed fails with
 * `session.driver_missing` whose hint is the exact install command (`npm install pg`); one that is
 * installed but broken (a native build for another Node) fails with the same code and a rebuild hint.
 * Returns the module's default export when it has one (these drivers are CommonJS).
 */
export async function loadDriver<T>(name: DriverName, importer: ModuleImporter = nativeImport): Promise<T> {
  let mod: unknown;
  try {
    mod = await importer(name);
  } catch (error) {
    throw driverMissingError(name, error, !isMissingModule(error, name));
  }
  const withDefault = mod as { default?: unknown };
  return (withDefault.default ?? mod) as T;
}
