import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import type IgnoreFactory from 'ignore';

// picomatch and ignore are CommonJS packages: loading them through ESM costs a cold start
// ≈ 25 ms of CPU (the CJS loader and its export lexer), so they load on first use — a jail, a
// secret-name list or a workspace walk being built — not when `@warden/tools` is imported.
const requireHere = createRequire(import.meta.url);
let picomatchModule: typeof Picomatch | undefined;
let ignoreModule: typeof IgnoreFactory | undefined;

export function loadPicomatch(): typeof Picomatch {
  return (picomatchModule ??= requireHere('picomatch') as typeof Picomatch);
}

export function loadIgnore(): typeof IgnoreFactory {
  return (ignoreModule ??= requireHere('ignore') as typeof IgnoreFactory);
}
