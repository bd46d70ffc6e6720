import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { governanceJsonSchema } from './json-schema.js';

const PUBLISHED = join(import.meta.dirname, '../../schema/governance.schema.json');

describe('the published JSON Schema', () => {
  it('is the one generated from the zod schema (regenerate: node scripts/governance-schema.mjs)', () => {
    expect(JSON.parse(readFileSync(PUBLISHED, 'utf8'))).toEqual(governanceJsonSchema());
  });

  it('describes the top-level keys and the rule effects', () => {
    const schema = governanceJsonSchema() as { properties: Record<string, unknown>; additionalProperties: unknown };
    expect(Object.keys(schema.properties).sort()).toEqual(['approval_notify', 'home', 'mode', 'packs', 'policy', 'prohibited', 'regions', 'residency', 'signing_key_env', 'toolDrift', 'version']);
    expect(schema.additionalProperties).toBe(false);
    expect(JSON.stringify(schema)).toContain('"require_approval"');
  });
});
