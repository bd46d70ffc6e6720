import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

// The names of every entry are pinned by the API reports (api/*.api.md, checked by
// scripts/test/api-report.test.ts and scripts/test/entries.test.ts); this pins the manifest.
describe('package manifest', () => {
  it('pins the package name, dependencies and optional peer', async () => {
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.name).toBe('@warden/evidence');
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@warden/protocol', 'zod']);
    // The MCP SDK is an optional peer: only mcp targets load it, on first use.
    expect(manifest.peerDependencies).toEqual({ '@modelcontextprotocol/sdk': '^1.32.2' });
    expect(manifest.peerDependenciesMeta['@modelcontextprotocol/sdk']).toEqual({ optional: true });
  });
});
