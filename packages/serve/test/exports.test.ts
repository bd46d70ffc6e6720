import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as serve from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/serve');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/harness', '@warden/protocol', '@warden/tools', 'zod']);
    // The SDKs are optional: loaded on first use, with a typed error naming the install.
    expect(pkg.peerDependenciesMeta).toEqual({ '@a2a-js/sdk': { optional: true }, '@modelcontextprotocol/sdk': { optional: true } });
  });

  it('runtime exports', () => {
    expect(Object.keys(serve).sort()).toEqual(['createA2AServer', 'createMcpServer']);
  });
});
