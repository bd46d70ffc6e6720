import { createRequire } from 'node:module';
import { join } from 'node:path';

interface Esbuild {
  build(options: object): Promise<unknown>;
}

/**
 * Bundles a TypeScript entry into one ESM file a plain `node` child can run (vitest transforms TS only
 * in its own process). esbuild is reached through tsup, which depends on it.
 */
export async function bundleForNode(entry: string, outDir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild') as Esbuild;
  const outfile = join(outDir, 'child.mjs');
  await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', minify: true, outfile, logLevel: 'silent' });
  return outfile;
}
