// Writes harness-config.schema.json from the built HarnessConfig (a test checks it stays in sync).
import { writeFileSync } from 'node:fs';
import { harnessConfigJsonSchema } from '../dist/index.js';

writeFileSync(new URL('../harness-config.schema.json', import.meta.url), `${JSON.stringify(harnessConfigJsonSchema(), null, 2)}\n`);
