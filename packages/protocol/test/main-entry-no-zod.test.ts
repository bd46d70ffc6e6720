import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
// Value imports only: `import type` and `export type` are erased and load nothing.
const IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)';/gm;

/** Every module a source file loads at runtime, followed through relative imports. */
function runtimeGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1]!;
      visit(spec.startsWith('.') ? resolve(dirname(file), spec.replace(/\.js$/, '.ts')) : spec);
    }
  };
  visit(join(SRC, entry));
  return seen;
}

describe('the main entry loads no zod', () => {
  it('index.ts reaches no zod import at runtime (schemas are in ./schemas)', () => {
    const graph = runtimeGraph('index.ts');
    expect([...graph].filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
    // The walk really follows the graph: the helpers are in it, the schema files are not.
    expect(graph.has(join(SRC, 'message-helpers.ts'))).toBe(true);
    expect(graph.has(join(SRC, 'message.ts'))).toBe(false);
  });

  it('the vocabulary entry loads no package at all: only its own files and Node built-ins', () => {
    const graph = runtimeGraph('vocabulary.ts');
    expect([...graph].filter((m) => !m.startsWith('/') && !m.startsWith('node:'))).toEqual([]);
    expect(graph.has(join(SRC, 'vocabulary', 'protected-paths.ts'))).toBe(true);
  });

  it('the schemas entry does load zod (the check above can tell the difference)', () => {
    expect(runtimeGraph('schemas.ts').has('zod')).toBe(true);
  });
});
