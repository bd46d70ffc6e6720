import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/workflows');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/governance', '@warden/protocol', 'yaml', 'zod']);
  });
});
