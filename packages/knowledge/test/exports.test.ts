import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as knowledge from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/knowledge');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/protocol', '@warden/providers']);
    // Store drivers are optional: loaded on first use, with a typed error naming the install.
    expect(pkg.peerDependenciesMeta).toEqual({ '@electric-sql/pglite': { optional: true }, 'better-sqlite3': { optional: true }, 'sqlite-vec': { optional: true } });
  });

  it('runtime exports', () => {
    expect(Object.keys(knowledge).sort()).toEqual([
      'GLOBAL_MEMORY_TENANT', 'KNOWLEDGE_ERROR_CODES', 'KNOWLEDGE_UNTRUSTED_NOTE', 'KnowledgeError', 'STORE_KINDS', 'addUrl', 'chromaStore', 'cutPassages', 'filterClauses', 'hashingEmbedder', 'knowledgeBase', 'knowledgeMemory', 'knowledgeTool',
      'matchesClauses', 'openStore', 'openaiEmbedder', 'pgliteStore', 'pgvectorStore', 'qdrantStore', 'sqliteStore',
    ]);
  });
});
