import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';

const require = createRequire(import.meta.url);
let getGlobal: (() => Dispatcher) | undefined;

/**
 * undici's global dispatcher, without loading all of undici. Its main entry
 * requires fetch, WebSocket, the caches and the mocks — about 110 ms of CPU at
 * start-up, most of a one-step script's cost — while a POST needs only the
 * Agent behind `getGlobalDispatcher`. undici is pinned to one version, whose
 * `lib/global.js` is what its own entry re-exports; if that file ever moves,
 * the full entry is used instead. Loaded on the first request, not at import.
 */
export function globalDispatcher(): Dispatcher {
  if (!getGlobal) {
    try {
      getGlobal = (require('undici/lib/global.js') as { getGlobalDispatcher: () => Dispatcher }).getGlobalDispatcher;
    } catch {
      getGlobal = (require('undici') as { getGlobalDispatcher: () => Dispatcher }).getGlobalDispatcher;
    }
  }
  return getGlobal();
}
