import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagesIn, runtimeGraph, workspaceEntries } from '../runtime-graph.mjs';
import { repoRoot } from '../workspace-packages.mjs';

// What importing each library entry loads at runtime, walked from the sources (one walker for all:
// scripts/runtime-graph.mjs). Loaded on use only — never by an import: the optional SDK peers, the
// bash parser, the sandbox's SOCKS5 egress server.
const entries = workspaceEntries();
const ON_USE_ONLY = [/^@modelcontextprotocol\//, /^@a2a-js\//, /^web-tree-sitter/, /^tree-sitter-bash/, /^@pondwader\/socks5-server/];
const src = (pkg: string, file: string) => join(repoRoot, 'packages', pkg, 'src', file);
const graphOf = (entry: string) => runtimeGraph(entries.get(entry)!, entries);

describe('the import graph of every library entry', () => {
  it('finds the entries of the workspace (the walk starts where users import)', () => {
    for (const name of ['@warden/tools', '@warden/core', '@warden/providers', '@warden/protocol', '@warden/protocol/schemas', '@warden/harness']) {
      expect(entries.get(name), name).toBeDefined();
    }
  });

  it.each([...entries.keys()])('%s: every module it reaches exists, and nothing loaded on use only is imported', (name) => {
    const graph = graphOf(name);
    expect([...graph].filter((m) => m.startsWith('/') && !existsSync(m))).toEqual([]);
    expect([...graph].filter((m) => ON_USE_ONLY.some((re) => re.test(m)))).toEqual([]);
  });
});

describe('import { defineTool } from "@warden/tools" loads zod and the protocol core, nothing else', () => {
  const graph = graphOf('@warden/tools');

  it('pulls in zod alone from npm (the CommonJS glob and gitignore packages load on first use)', () => {
    expect(packagesIn(graph)).toEqual(['zod']);
  });

  it('builds no protocol schema, no sandbox proxy and no shell parser at import time', () => {
    expect(graph.has(entries.get('@warden/protocol/schemas')!)).toBe(false);
    expect(graph.has(src('tools', 'sandbox/egress-proxy.ts'))).toBe(false);
    expect([...graph].some((m) => m.includes('/packages/shell-policy/'))).toBe(false);
    // The walk really follows the graph: defineTool, the protocol's main entry and the sandbox factory are in it.
    expect(graph.has(src('tools', 'define-tool.ts'))).toBe(true);
    expect(graph.has(entries.get('@warden/protocol')!)).toBe(true);
    expect(graph.has(src('tools', 'sandbox/create-sandbox.ts'))).toBe(true);
  });

  it('the modules it loads on use are there to load (the checks above can tell the difference)', () => {
    expect(runtimeGraph(src('tools', 'sandbox/egress-proxy.ts'), entries).has('@pondwader/socks5-server')).toBe(true);
    expect(packagesIn(runtimeGraph(src('tools', 'annotations-check.test.ts'), entries))).toContain('zod');
  });
});

describe('the protocol and the loop load no zod', () => {
  it('@warden/protocol/vocabulary loads no package at all: only its own files and Node built-ins', () => {
    const graph = graphOf('@warden/protocol/vocabulary');
    expect(packagesIn(graph).filter((m) => !m.startsWith('node:'))).toEqual([]);
    expect(graph.has(src('protocol', 'vocabulary/protected-paths.ts'))).toBe(true);
  });

  it('@warden/protocol reaches no zod (its schemas are in ./schemas, which does)', () => {
    const graph = graphOf('@warden/protocol');
    expect(packagesIn(graph).filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
    expect(graph.has(src('protocol', 'message-helpers.ts'))).toBe(true);
    expect(graph.has(src('protocol', 'message.ts'))).toBe(false);
    expect(packagesIn(graphOf('@warden/protocol/schemas'))).toContain('zod');
  });

  it('@warden/core pulls in nothing from npm', () => {
    expect(packagesIn(graphOf('@warden/core'))).toEqual([]);
  });
});
