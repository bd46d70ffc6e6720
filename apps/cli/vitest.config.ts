import { defineConfig } from 'vitest/config';
import { sharedTest } from '../../vitest.shared.js';

// The subprocess tests drive the real built binary, so the build runs once first.
export default defineConfig({ test: { ...sharedTest, globalSetup: ['./test/global-setup.ts'] } });
