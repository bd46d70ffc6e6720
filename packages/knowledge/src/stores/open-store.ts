import { knowledgeError } from '../coded-errors.js';
import type { KnowledgeStore } from '../store-types.js';
import { chromaStore } from './chroma-store.js';
import { pgliteStore } from './pglite-store.js';
import { qdrantStore } from './qdrant-store.js';
import { sqliteStore } from './sqlite-store.js';

/** The store URLs `openStore` (and the CLI's `--store`) understand. */
export const STORE_KINDS = Object.freeze({
  sqlite: 'sqlite:PATH — embedded SQLite file with sqlite-vec (the default; `sqlite::memory:` for none).',
  pglite: 'pglite:DIR — PostgreSQL + pgvector in-process (PGlite); `pglite:` alone lives in memory.',
  qdrant: 'qdrant+http://HOST:PORT/COLLECTION (or qdrant+https) — a Qdrant server; key from QDRANT_API_KEY.',
  chroma: 'chroma+http://HOST:PORT/COLLECTION (or chroma+https) — a Chroma server (HTTP API v2); key from CHROMA_API_KEY.',
} as const);

export interface OpenStoreOptions {
  env?: Record<string, string | undefined>;
}

/** A store from its URL (see `STORE_KINDS`); the URL never carries a key (the environment does). */
export function openStore(url: string, options: OpenStoreOptions = {}): KnowledgeStore {
  const scheme = /^([a-z+]+):/.exec(url)?.[1];
  const rest = url.slice((scheme?.length ?? 0) + 1);
  if (scheme === 'sqlite') return sqliteStore({ path: rest.replace(/^\/\//, '') || ':memory:' });
  if (scheme === 'pglite') {
    const dir = rest.replace(/^\/\//, '');
    return pgliteStore(dir ? { dataDir: dir } : {});
  }
  if (scheme === 'qdrant+http' || scheme === 'qdrant+https') {
    const parsed = new URL(url.replace(/^qdrant\+/, ''));
    if (parsed.username || parsed.password) throw knowledgeError('knowledge.invalid_options', 'A store URL carries no credentials.', 'Set QDRANT_API_KEY instead.');
    const collection = parsed.pathname.replace(/^\/+|\/+$/g, '') || undefined;
    return qdrantStore({ url: parsed.origin, ...(collection ? { collection } : {}), ...(options.env ? { env: options.env } : {}) });
  }
  if (scheme === 'chroma+http' || scheme === 'chroma+https') {
    const parsed = new URL(url.replace(/^chroma\+/, ''));
    if (parsed.username || parsed.password) throw knowledgeError('knowledge.invalid_options', 'A store URL carries no credentials.', 'Set CHROMA_API_KEY instead.');
    const collection = parsed.pathname.replace(/^\/+|\/+$/g, '') || undefined;
    return chromaStore({ url: parsed.origin, ...(collection ? { collection } : {}), ...(options.env ? { env: options.env } : {}) });
  }
  throw knowledgeError('knowledge.invalid_options', `Unknown store URL scheme "${(scheme ?? url).slice(0, 20)}".`, `Use one of: ${Object.values(STORE_KINDS).join(' ')}`);
}
