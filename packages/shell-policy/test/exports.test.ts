import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';

describe('@warden/shell-policy public surface', () => {
  it('pins the package name, exports map and internal dependencies', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(pkg.name).toBe('@warden/shell-policy');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    // A library: it may depend on the protocol and nothing else of ours.
    expect(Object.keys(pkg.dependencies).filter((name) => name.startsWith('@warden/'))).toEqual(['@warden/protocol']);
  });

  it('pins the public names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'DEFAULT_PROTECTED_NAMES',
      'SHELL_ALLOW_RULE',
      'SHELL_POLICY_ERROR_CODES',
      'SHELL_RULES',
      'loadShellAnalyzer',
      'pathPolicy',
    ]);
  });
});
