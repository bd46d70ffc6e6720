import type { ViteUserConfig } from 'vitest/config';

/** Shared test settings; each package's vitest.config.ts spreads these. */
export const sharedTest: NonNullable<ViteUserConfig['test']> = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  exclude: ['**/node_modules/**', '**/dist/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  reporters: ['default', 'json'],
  outputFile: { json: '.test-results/vitest.json' },
};
