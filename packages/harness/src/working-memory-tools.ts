import type { SessionStoreV1, ToolV1 } from '@warden/protocol';
import { memoryStore, memoryTools, semanticMemoryTools } from '@warden/tools';
import type { HarnessOptions } from './harness-options.js';

/**
 * `memory_remember` and `recall`: over the program's semantic memory bound to the owner and session
 * when one is given, else over the owner's memory in the session store when `workingMemory` is on.
 */
export function workingMemoryTools(options: HarnessOptions, store: SessionStoreV1): ToolV1[] {
  if (options.semanticMemory) {
    const owner = options.owner;
    return semanticMemoryTools(options.semanticMemory.forTrace({ ...(owner?.tenantId ? { tenantId: owner.tenantId } : {}), ...(owner?.userId ? { userId: owner.userId } : {}), ...(options.sessionId ? { sessionId: options.sessionId } : {}) }));
  }
  const wm = options.workingMemory;
  if (!wm) return [];
  const settings = wm === true ? {} : wm;
  return memoryTools(memoryStore({ store, ...(options.owner ? { owner: options.owner } : {}), ...(settings.halfLifeSteps ? { halfLifeSteps: settings.halfLifeSteps } : {}), ...(settings.maxContextItems ? { maxItems: settings.maxContextItems } : {}) }));
}
