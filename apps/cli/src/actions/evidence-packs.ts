import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadPack, loadPacks, type PackLoad } from '@warden/evidence';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';

/** The containment pack ships with the CLI: `pack:` selectors and listings see it without installing it in the project. */
async function bundledPacks(cwd: string): Promise<PackLoad[]> {
  try {
    const entry = fileURLToPath(import.meta.resolve('@warden/pack-containment/package.json'));
    return [await loadPack(path.dirname(entry), { cwd })];
  } catch {
    return [];
  }
}

/**
 * Every pack `check`, `evidence` and `probe` see: the config's `packs`, `--pack` paths, extra
 * files, packs installed in the project, and the bundled containment pack. One load per source;
 * a discovered or configured pack that fails to load is reported on stderr and the rest still run,
 * but a path given on the command line that fails stops the command: the user asked for it by name,
 * and running without it would report on cases they did not mean to run.
 */
export async function loadEvidencePacks(ctx: CommandContext<{ pack?: string[] | undefined }>, extra: readonly string[] = []): Promise<PackLoad[]> {
  const { io, t, style, options } = ctx;
  const { config, file } = ctx.config;
  const configDir = file ? path.dirname(file) : io.cwd;
  const fromConfig = (config.packs ?? []).map((spec) => {
    const [source, packOptions] = typeof spec === 'string' ? [spec, undefined] : spec;
    const resolved = source.startsWith('.') ? path.resolve(configDir, source) : source;
    return packOptions === undefined ? resolved : ([resolved, packOptions] as const);
  });
  const explicit = [...(options.pack ?? []), ...extra].map((p) => path.resolve(io.cwd, p));
  const loads = [...(await loadPacks({ cwd: io.cwd, discover: true, packs: [...fromConfig, ...explicit] })), ...(await bundledPacks(io.cwd))];
  const seen = new Set<string>();
  const unique = loads.filter((load) => {
    const key = load.status === 'loaded' ? `name:${load.pack.meta.name}` : `source:${load.source}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const named = new Set(explicit);
  for (const load of unique) {
    if (load.status !== 'error') continue;
    const params = { source: load.source, message: load.error.message };
    if (named.has(load.source)) {
      throw new CliError({ code: 'cli.pack_not_loaded', message: `pack ${load.source} failed to load: ${load.error.message}`, key: 'check.loadFailed', params, hintKey: 'hint.packPath' });
    }
    io.stderr.write(`${style.yellow(t('check.loadFailed', params))}\n`);
  }
  return unique;
}
