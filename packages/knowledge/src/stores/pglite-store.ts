import type { KnowledgeStore } from '../store-types.js';
import { optionalPeer } from './optional-peer.js';
import { pgvectorStore, type SqlClient } from './pgvector-store.js';

export interface PgliteStoreOptions {
  /** A directory for the database (default: in memory). */
  dataDir?: string;
  prefix?: string;
}

/** pgvector on PGlite (PostgreSQL in WebAssembly, with its `vector` extension): no server needed. */
export function pgliteStore(options: PgliteStoreOptions = {}): KnowledgeStore {
  let db: (SqlClient & { close(): Promise<void> }) | undefined;
  const open = async (): Promise<SqlClient & { close(): Promise<void> }> => {
    if (db) return db;
    const { PGlite } = await optionalPeer('@electric-sql/pglite', () => import('@electric-sql/pglite'));
    const { vector } = await optionalPeer('@electric-sql/pglite', () => import('@electric-sql/pglite/vector'));
    db = await PGlite.create({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), extensions: { vector } });
    return db;
  };
  let opening: Promise<SqlClient & { close(): Promise<void> }> | undefined;
  const client: SqlClient = { query: async (sql, params) => (await (opening ??= open())).query(sql, params) };
  return pgvectorStore({ client, kind: 'pglite', ...(options.prefix ? { prefix: options.prefix } : {}), close: async () => (await opening)?.close() });
}
