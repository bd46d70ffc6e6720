import type { HarnessOptions } from '@warden/harness';
import { knowledgeBase, openStore, type KnowledgeStore } from '@warden/knowledge';
import { knowledgeStoreUrl } from './knowledge-store-url.js';

/**
 * `warden run --knowledge URL`: the run's agent gets the store's knowledge base as its read-only
 * `knowledge_search` tool (results are untrusted content). Returns the store, to close after the run.
 */
export function attachKnowledge(options: HarnessOptions, url: string, cwd: string, env: NodeJS.ProcessEnv): KnowledgeStore {
  const store = openStore(knowledgeStoreUrl(cwd, url), { env });
  options.tools = [...(options.tools ?? []), knowledgeBase(store).asTool()];
  return store;
}
