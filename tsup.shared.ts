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
    // Maps name the original src/ files and lines but do not embed their text: embedding it
    // doubled every tarball, and the size budget (bench: core+protocol+providers < 200 KB) is
    // about what users download. The unminified dist reads fine on its own.
    esbuildOptions(options) {
      options.sourcesContent = false;
    },
    ...overrides,
  });
}
