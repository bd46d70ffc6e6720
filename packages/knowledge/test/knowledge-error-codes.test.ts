import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knowledgeError } from '../src/coded-errors.js';
import { KNOWLEDGE_ERROR_CODES, KnowledgeError, openStore } from '../src/index.js';

function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && entry.name !== 'knowledge-error-codes.ts' ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(KNOWLEDGE_ERROR_CODES)).toEqual([
      'knowledge.invalid_options',
      'knowledge.invalid_filter',
      'knowledge.dimension_mismatch',
      'knowledge.store_failed',
      'knowledge.store_unavailable',
      'knowledge.embedder_failed',
    ]);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(knowledge\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(KNOWLEDGE_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds KnowledgeErrors', () => {
    const error = knowledgeError('knowledge.store_failed', 'x', 'y');
    expect(KnowledgeError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'KnowledgeError', code: 'knowledge.store_failed', message: 'x', hint: 'y' });
  });

  it('store URLs carry no credentials, and unknown schemes are refused', () => {
    expect(() => openStore('qdrant+http://user:secret-pass@127.0.0.1:6333/c')).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }) as Error);
    expect(() => openStore('redis://x')).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }) as Error);
    expect(openStore('sqlite::memory:').kind).toBe('sqlite');
    expect(openStore('pglite:').kind).toBe('pglite');
    expect(openStore('qdrant+http://127.0.0.1:6333/docs').kind).toBe('qdrant');
  });
});
