import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as testing from '../src/testing.js';

// Pins the public surface: a change here is a change to what plugin authors rely on.
describe('public surface', () => {
  it('package name and exports keys', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/protocol');
    expect(Object.keys(pkg.exports)).toEqual(['.', './testing', './package.json']);
    expect(Object.keys(pkg.dependencies)).toEqual(['zod']);
  });

  it('runtime names of @warden/protocol', () => {
    expect(Object.keys(main).sort()).toMatchSnapshot();
  });

  it('runtime names of @warden/protocol/testing', () => {
    expect(Object.keys(testing).sort()).toEqual(['memoryApprovalStore', 'memorySessionStore', 'ownerMatches', 'recordingGate', 'scriptedProvider']);
  });
});
