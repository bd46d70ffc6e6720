import { tracingError } from '../coded-errors.js';

/** The part of `@opentelemetry/api` tracing uses. */
export type OtelApi = typeof import('@opentelemetry/api');

/** How a module is imported; tests pass their own to simulate a missing package. */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

const nativeImport: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads `@opentelemetry/api` (an optional peer) the first time a harness with tracing is created.
 * Without tracing it is never imported, so nothing is paid. Missing, it fails with
 * `tracing.api_missing` naming the install command.
 */
export async function loadOtelApi(importer: ModuleImporter = nativeImport): Promise<OtelApi> {
  try {
    const mod = (await importer('@opentelemetry/api')) as OtelApi & { default?: OtelApi };
    return mod.trace ? mod : (mod.default ?? mod);
  } catch (error) {
    throw tracingError({
      code: 'tracing.api_missing',
      message: 'tracing is on but @opentelemetry/api is not installed',
      hint: 'npm install @opentelemetry/api (and an SDK such as @opentelemetry/sdk-trace-base to export spans)',
      cause: error,
    });
  }
}
