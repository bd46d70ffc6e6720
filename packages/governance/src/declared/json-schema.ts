import { z } from 'zod';
import { GovernanceFile } from './governance-schema.js';

/**
 * The JSON Schema of `governance.yaml`, generated from the one zod schema (published as
 * `schema/governance.schema.json`; a test keeps the file in step). Editors validate with it;
 * the loader adds what a schema cannot say (data-class names, conditions, packs).
 */
export function governanceJsonSchema(): Record<string, unknown> {
  return { $id: 'https://warden.dev/schema/governance.schema.json', title: 'Warden governance file', ...z.toJSONSchema(GovernanceFile, { io: 'input' }) };
}
