import { z } from 'zod';

// `warden knowledge`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const knowledgeOptions = z.strictObject({
  /** A store URL (`sqlite:PATH`, `pglite:DIR`, `qdrant+http://HOST:PORT/COLLECTION`, `chroma+http://HOST:PORT/COLLECTION`). */
  store: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
  tenant: z.string().min(1).optional(),
  k: z.coerce.number().int().min(1).max(100).optional(),
  /** A filter in the knowledge filter language, as JSON (`{"team":"red"}`). */
  filter: z.string().min(1).optional(),
  /** `add URL`: hosts the governed fetch may reach although they are loopback or private (repeatable). */
  allowHost: z.array(z.string().min(1)).optional(),
});
export type KnowledgeOptions = z.infer<typeof knowledgeOptions>;
