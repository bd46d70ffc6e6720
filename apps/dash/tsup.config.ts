import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts'] },
  clean: true,
  sourcemap: true,
  target: 'node20',
  splitting: true,
  esbuildOptions(options) {
    options.sourcesContent = false;
  },
});
