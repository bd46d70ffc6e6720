import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const knowledgeOptions = z.strictObject({
  /** A store URL (`sqlite:PATH`, `pglite:DIR`, `qdrant+http://HOST:PORT/COLLECTION`). */
  store: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  tenant: z.string().min(1).optional(),
  k: z.coerce.number().int().min(1).max(100).optional(),
  /** A filter in the knowledge filter language, as JSON (`{"team":"red"}`). */
  filter: z.string().min(1).optional(),
});
export type KnowledgeOptions = z.infer<typeof knowledgeOptions>;

/** `warden knowledge stores|check|add FILE…|search "QUERY"`: knowledge bases on embedded and server stores. */
export const knowledgeCommand = defineCommand({
  name: 'knowledge',
  summary: 'command.knowledge.summary',
  usage: 'command.knowledge.usage',
  options: knowledgeOptions,
  async run(ctx) {
    const { knowledgeAction } = await import('../actions/knowledge-action.js');
    return knowledgeAction(ctx);
  },
});
