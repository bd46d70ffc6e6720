import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as schemas from '../src/schemas.js';
import * as testing from '../src/testing.js';

// Pins the public surface: a change here is a change to what plugin authors rely on.
describe('public surface', () => {
  it('package name and exports keys', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/protocol');
    expect(Object.keys(pkg.exports)).toEqual(['.', './schemas', './testing', './package.json']);
    expect(Object.keys(pkg.dependencies)).toEqual(['zod']);
  });

  it('runtime names of @warden/protocol', () => {
    expect(Object.keys(main).sort()).toMatchSnapshot();
  });

  it('runtime names of @warden/protocol/schemas', () => {
    expect(Object.keys(schemas).sort()).toMatchSnapshot();
  });

  it('every schema has its type in the main entry, under the same name', () => {
    // A compile-time check: each of these lines fails typecheck if the main entry lost the type.
    const sample: main.Message = { role: 'user', parts: [{ type: 'text', text: 'x' }] };
    const usage: main.Usage = main.emptyUsage();
    expect(schemas.Message.parse(sample)).toEqual(sample);
    expect(schemas.Usage.parse(usage)).toEqual(usage);
  });

  it('runtime names of @warden/protocol/testing', () => {
    expect(Object.keys(testing).sort()).toEqual(['memoryApprovalStore', 'memorySessionStore', 'ownerMatches', 'recordingGate', 'scriptedProvider']);
  });
});
