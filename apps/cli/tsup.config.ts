import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts'] },
  clean: true,
  sourcemap: true,
  target: 'node20',
  splitting: true,
  // zod's ESM build is ~230 files; bundled, `warden --help` and option parsing load one chunk
  // instead (zod keeps its registry on globalThis, so schemas from the libraries' own copy mix safely).
  noExternal: ['zod'],
});
