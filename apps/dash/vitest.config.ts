import { defineConfig } from 'vitest/config';
import { sharedTest } from '../../vitest.shared.js';

// The browser test drives the real CLI binary and this package's dist, so both build once first.
export default defineConfig({ test: { ...sharedTest, globalSetup: ['./test/global-setup.ts'] } });
