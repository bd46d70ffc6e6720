import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
// Value imports only: `import type` and `export type` are erased and load nothing; `import()` is not matched (loaded on use).
const IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)';/gm;

/** Every module a source file loads at runtime, followed through relative imports (the protocol's walk). */
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

/** What must load only when used: the shell parser, the MCP and A2A SDKs, the sandbox's egress proxy. */
const HEAVY = [/^web-tree-sitter/, /^tree-sitter-bash/, /^@warden\/shell-policy/, /^@modelcontextprotocol\//, /^@a2a-js\//, /^@pondwader\/socks5-server/];

describe('importing @warden/tools (for defineTool) loads nothing heavy', () => {
  it('index.ts reaches no shell parser, MCP/A2A SDK or egress proxy at import time', () => {
    const graph = runtimeGraph('index.ts');
    expect([...graph].filter((m) => HEAVY.some((re) => re.test(m)))).toEqual([]);
    expect(graph.has(join(SRC, 'sandbox', 'egress-proxy.ts'))).toBe(false);
    // The walk really follows the graph: defineTool and the sandbox factory are in it.
    expect(graph.has(join(SRC, 'define-tool.ts'))).toBe(true);
    expect(graph.has(join(SRC, 'sandbox', 'create-sandbox.ts'))).toBe(true);
  });

  it('the modules loaded on use are there to load (the check above can tell the difference)', () => {
    expect(runtimeGraph(join('sandbox', 'egress-proxy.ts')).has('@pondwader/socks5-server')).toBe(true);
    const sdk = readFileSync(join(SRC, 'mcp-sdk.ts'), 'utf8');
    expect(sdk).toMatch(/import\(/);
  });
});
