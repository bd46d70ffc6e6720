import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELL_POLICY_ERROR_CODES } from './shell-policy-error-codes.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(SHELL_POLICY_ERROR_CODES).sort()).toEqual(['policy.shell_analyzer_disposed', 'policy.shell_parser_unavailable']);
    for (const text of Object.values(SHELL_POLICY_ERROR_CODES)) expect(text.length).toBeGreaterThan(10);
  });

  it('lists exactly the codes the source throws', () => {
    const thrown = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/code: '([a-z_]+\.[a-z_]+)'/g)) thrown.add(match[1] as string);
    }
    expect([...thrown].sort()).toEqual(Object.keys(SHELL_POLICY_ERROR_CODES).sort());
  });
});
