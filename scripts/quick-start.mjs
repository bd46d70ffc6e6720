#!/usr/bin/env node
// Prints one of the README's two quick-start commands: `main` or `test`.
// .ci/run executes `test` from here, so CI runs exactly what the README tells a user.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const section = readme.split(/^## Quick start\s*$/m)[1] ?? '';
const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const [main, test] = block.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
const which = process.argv[2];
const command = which === 'main' ? main : which === 'test' ? test : undefined;
if (!command) {
  console.error('usage: node scripts/quick-start.mjs main|test   (README.md needs a "## Quick start" sh block with two commands)');
  process.exit(2);
}
process.stdout.write(command + '\n');
