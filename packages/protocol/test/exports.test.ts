import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as main from '../src/index.js';
import { emptyUsage } from '../src/index.js';
import * as schemas from '../src/schemas.js';

// The names of every entry are pinned by the API reports (api/*.api.md, checked by
// scripts/test/api-report.test.ts and scripts/test/entries.test.ts); this pins the manifest
// and the one promise a report cannot show: each schema's type is on the main entry.
describe('public surface', () => {
  it('package name and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/protocol');
    expect(Object.keys(pkg.dependencies)).toEqual(['zod']);
  });

  it('every schema has its type in the main entry, under the same name', () => {
    // A compile-time check: each of these lines fails typecheck if the main entry lost the type.
    const sample: main.Message = { role: 'user', parts: [{ type: 'text', text: 'x' }] };
    const usage: main.Usage = emptyUsage();
    expect(schemas.Message.parse(sample)).toEqual(sample);
    expect(schemas.Usage.parse(usage)).toEqual(usage);
  });
});
