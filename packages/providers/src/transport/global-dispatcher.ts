import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';

const require = createRequire(import.meta.url);

/**
 * undici ≥ 7 keeps the process-wide dispatcher under this symbol (and also under
 * `…globalDispatcher.1`, the slot of the older handler API that Node's own
 * `fetch` fills with its bundled undici 6). Only a dispatcher found here speaks
 * the handler API the transport uses.
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.2');
let own: Dispatcher | undefined;

/**
 * The dispatcher for a request without one of its own: what `setGlobalDispatcher`
 * of undici ≥ 7 installed (a proxy, a mock), else one Agent of this package's
 * undici, created on the first request. Reading the slot costs nothing, and the
 * Agent is loaded alone: undici's main entry also loads fetch, WebSocket, the
 * caches and the mocks — about 110 ms of CPU that a one-step script would pay.
 * A program that called `fetch` first finds the slot empty (Node's fetch fills
 * only the old one) and still gets a dispatcher that works.
 */
export function globalDispatcher(): Dispatcher {
  const installed = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] as Dispatcher | undefined;
  if (installed) return installed;
  own ??= createAgent();
  return own;
}

function createAgent(): Dispatcher {
  let Agent: new () => Dispatcher;
  try {
    // undici is pinned to one version; this is the file its own entry re-exports as `Agent`.
    Agent = require('undici/lib/dispatcher/agent.js') as new () => Dispatcher;
  } catch {
    Agent = (require('undici') as { Agent: new () => Dispatcher }).Agent;
  }
  return new Agent();
}
