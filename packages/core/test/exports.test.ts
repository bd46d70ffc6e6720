import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';
import pkg from '../package.json' with { type: 'json' };

describe('public surface', () => {
  it('pins the exported names', () => {
    expect(Object.keys(mod).sort()).toEqual(['CORE_WARNING_CODES', 'SUMMARY_PROMPT', 'WRAP_UP_TEXT', 'createAgent', 'defaultGate', 'estimateTokens']);
  });

  it('pins the package name and exports map', () => {
    expect(pkg.name).toBe('@warden/core');
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json']);
  });
});
