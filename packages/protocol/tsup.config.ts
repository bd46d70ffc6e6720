import { packageBuild } from '../../tsup.shared.js';

// Declarations come from tsc (tsconfig.build.json), not the bundler: a bundled .d.ts turns
// the main entry's `export type { Message }` back into a value export, and the main entry
// must not offer schema values (they live in ./schemas, which loads zod).
export default packageBuild(['src/index.ts', 'src/schemas.ts', 'src/testing.ts', 'src/vocabulary.ts', 'src/checks.ts', 'src/policy.ts', 'src/net.ts', 'src/handoff-entry.ts', 'src/history.ts'], { dts: false });
