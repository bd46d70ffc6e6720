import { defineConfig, type Options } from 'tsup';

/** The one build every package shares: ESM + .d.ts for Node 20, one file per entry. */
export function packageBuild(entry: string[], overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    splitting: true,
    ...overrides,
  });
}
