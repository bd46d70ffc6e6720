import { readFileSync } from 'node:fs';

/** The CLI's version, read from its package.json (one level above dist/ and src/). */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
