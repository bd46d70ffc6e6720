import { defineConfig } from 'vitest/config';

// Run every project's tests from the root with `npx vitest`; CI uses `pnpm test` (turbo, per package).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
  },
});
