import type { SessionStoreV1, ToolV1 } from '@warden/protocol';
import { memoryStore, memoryTools } from '@warden/tools';
import type { HarnessOptions } from './harness-options.js';

/** `memory_remember` and `recall` over the owner's memory in the session store, when `workingMemory` is on. */
export function workingMemoryTools(options: HarnessOptions, store: SessionStoreV1): ToolV1[] {
  const wm = options.workingMemory;
  if (!wm) return [];
  const settings = wm === true ? {} : wm;
  return memoryTools(memoryStore({ store, ...(options.owner ? { owner: options.owner } : {}), ...(settings.halfLifeSteps ? { halfLifeSteps: settings.halfLifeSteps } : {}), ...(settings.maxContextItems ? { maxItems: settings.maxContextItems } : {}) }));
}
