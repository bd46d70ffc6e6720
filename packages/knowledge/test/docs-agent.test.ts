import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createHarness } from '@warden/harness';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { startChromaServer, startFakeQdrant, type ChromaServer, type FakeQdrant } from '@warden/test-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { chromaStore, knowledgeBase, pgliteStore, qdrantStore, sqliteStore, type KnowledgeStore } from '../src/index.js';

// A scripted agent answers from a knowledge base built from the repository's own docs/, once per store.
const REPO = join(import.meta.dirname, '..', '..', '..');
const servers: Array<FakeQdrant | ChromaServer> = [];
afterAll(async () => Promise.all(servers.map((s) => s.close())));

async function docsFiles(): Promise<string[]> {
  const entries = await readdir(join(REPO, 'docs'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => join(e.parentPath, e.name)).sort();
}

const STORES: Array<[string, () => Promise<KnowledgeStore>]> = [
  ['sqlite', async () => sqliteStore({ path: ':memory:' })],
  ['pglite', async () => pgliteStore()],
  [
    'qdrant',
    async () => {
      const server = await startFakeQdrant();
      servers.push(server);
      return qdrantStore({ url: server.url });
    },
  ],
  [
    'chroma',
    async () => {
      // A real Chroma server (the Rust server from the pinned npm binding), not a fake.
      const server = await startChromaServer();
      servers.push(server);
      return chromaStore({ url: server.url, collection: 'docs' });
    },
  ],
];

describe('a scripted agent answers from the docs knowledge base', () => {
  for (const [name, make] of STORES) {
    it(`cites the decision record it retrieved (${name})`, async () => {
      const store = await make();
      const kb = knowledgeBase(store);
      const files = await docsFiles();
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) await kb.addFile(file, { id: relative(REPO, file) });
      const workdir = await mkdtemp(join(tmpdir(), `warden-kb-agent-${name}-`));
      try {
        const provider = scriptedProvider([
          { toolCalls: [{ id: 'look', name: 'knowledge_search', args: { query: 'group commit: one durable write per step', k: 3 } }] },
          // The model's answer quotes the first passage's source, as a model citing its retrieval would.
          (request) => {
            const seen = JSON.stringify(request.messages);
            const source = /\[1\] [^\\]*? — (docs\/[^ ]+?\.md)/.exec(seen)?.[1] ?? 'nothing found';
            return `Answer from the knowledge base, see ${source}.`;
          },
        ]);
        const harness = await createHarness({ workdir, provider, mode: 'safe', approver: 'none', tools: [kb.asTool()], env: {} });
        const events: RunEvent[] = [];
        const result = await harness.run('How are session records written together?', { onEvent: (e) => events.push(e) });
        await harness.close();
        expect(result.stopReason).toBe('done');
        expect(result.output).toBe('Answer from the knowledge base, see docs/decisions/0005-group-commit.md.');
        // Retrieved passages are untrusted content: the run is tainted, the read itself was allowed.
        expect(result.tainted).toBe(true);
        const decision = events.find((e) => e.type === 'tool_decision' && e.callId === 'look');
        expect(decision).toMatchObject({ decision: { effect: 'allow' } });
      } finally {
        await store.close();
        await rm(workdir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
