/** How a module is imported; tests pass their own to stand in for a package that is not installed. */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

/** The command that installs packages (`npm install @a2a-js/sdk`), named in every "not installed" error. */
export function installCommand(...packages: string[]): string {
  return `npm install ${packages.join(' ')}`;
}

/**
 * Whether an import failed because the module is not installed (ESM's `ERR_MODULE_NOT_FOUND`,
 * CommonJS's `MODULE_NOT_FOUND`). With `name`, only when the missing module is that package — a
 * package that is installed but misses one of its own dependencies is broken, not absent.
 */
export function isMissingModule(error: unknown, name?: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null | undefined;
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return false;
  return name === undefined || (typeof e.message === 'string' && e.message.includes(name));
}

/**
 * Loads an optional peer dependency on first use. `load` imports what is needed; when that fails
 * because the package is not installed, `missing` turns the install command into the package's
 * own typed error. Any other failure is thrown as it is.
 */
export async function loadOptionalPeer<T>(packages: readonly string[], load: () => Promise<T>, missing: (install: string, cause: unknown) => Error): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingModule(error)) throw missing(installCommand(...packages), error);
    throw error;
  }
}
