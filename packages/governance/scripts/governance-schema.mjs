// Writes schema/governance.schema.json from the built package (run after `pnpm build`).
import { writeFileSync } from 'node:fs';
import { governanceJsonSchema } from '../dist/index.js';

writeFileSync(new URL('../schema/governance.schema.json', import.meta.url), `${JSON.stringify(governanceJsonSchema(), null, 2)}\n`);
