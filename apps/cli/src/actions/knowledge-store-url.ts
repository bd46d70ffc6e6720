import path from 'node:path';

/** The default store: a SQLite file in the workspace's `.warden/` directory. */
export const DEFAULT_KNOWLEDGE_STORE = 'sqlite:.warden/knowledge.sqlite';

/** A store URL with a relative SQLite or PGlite path made the workspace's, not the process's. */
export function knowledgeStoreUrl(cwd: string, url: string | undefined): string {
  const chosen = url ?? DEFAULT_KNOWLEDGE_STORE;
  const local = /^(sqlite|pglite):(?!:memory:)(.+)$/.exec(chosen);
  return local && !path.isAbsolute(local[2]!) ? `${local[1]}:${path.resolve(cwd, local[2]!)}` : chosen;
}
