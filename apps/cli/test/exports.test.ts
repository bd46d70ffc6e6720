import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';

describe('@warden/cli public surface', () => {
  it('pins the exported names', () => {
    expect(Object.keys(mod).sort()).toEqual(['CLI_ERROR_CODES', 'CliError', 'EXIT', 'exitCodeForError', 'exitCodeForStop', 'main']);
  });

  it('pins the package name, bin and exports map', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; bin: Record<string, string>; exports: Record<string, unknown> };
    expect(pkg.name).toBe('@warden/cli');
    expect(pkg.bin).toEqual({ warden: './dist/bin.js' });
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json', './warden.config.schema.json']);
  });
});
