// Installed versions of the packages a bench measures, read from bench/node_modules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../node_modules/', import.meta.url));

export function versionOf(pkg) {
  if (pkg === 'node') return process.version;
  try {
    return JSON.parse(readFileSync(`${ROOT}${pkg}/package.json`, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
