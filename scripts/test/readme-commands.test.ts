import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace-packages.mjs';

/** The first two lines of the first sh block under "## Quick start". */
export function quickStartCommands(readme: string): string[] {
  const section = readme.split(/^## Quick start\s*$/m)[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).slice(0, 2);
}

describe('README quick start', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const [main, tests] = quickStartCommands(readme);

  it('has two commands that need only Node and npm (pnpm through npx)', () => {
    expect(main).toMatch(/^npx -y pnpm@12\.4\.2 install /);
    expect(tests).toMatch(/^npx -y pnpm@12\.4\.2 install /);
    expect(main).toContain('demo');
    expect(tests).toContain(' test');
  });

  it('pins the same pnpm as the packageManager field', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(pkg.packageManager).toBe('pnpm@12.4.2');
  });

  it('is what CI runs', () => {
    const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
    expect(ci).toContain('quick-start.mjs test');
  });
});
