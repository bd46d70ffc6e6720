import { startFakeQdrant } from '@warden/test-servers';
import { describe, expect, it } from 'vitest';
import { hashingEmbedder, KNOWLEDGE_UNTRUSTED_NOTE, knowledgeBase, qdrantStore, sqliteStore } from '../src/index.js';

const ctx = () => ({ signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined }) as never;

describe('knowledge_search tool', () => {
  it('declares its effect class, marks results untrusted, cites sources and holds its filter', async () => {
    const kb = knowledgeBase(sqliteStore({ path: ':memory:' }), { embedder: hashingEmbedder({ dimensions: 64 }) });
    await kb.add({ id: 'handbook.md', title: 'Handbook', text: '# Leave\n\n## Holidays\n\nStaff get 25 days of holiday.', metadata: { audience: 'staff' } });
    await kb.add({ id: 'board.md', title: 'Board', text: '# Board\n\nDirectors get 40 days of holiday.', metadata: { audience: 'board' } });
    const tool = kb.asTool({ filter: { audience: 'staff' } });
    expect(tool.name).toBe('knowledge_search');
    expect(tool.annotations).toEqual({ readOnly: true, openWorld: true, tags: ['effect:ordinary', 'knowledge'] });
    const out = String(await tool.execute({ query: 'days of holiday', k: 5 }, ctx()));
    expect(out.startsWith(KNOWLEDGE_UNTRUSTED_NOTE)).toBe(true);
    expect(out).toContain('[1] Handbook — handbook.md › Leave › Holidays (score ');
    expect(out).toContain('Staff get 25 days of holiday.');
    // The operator's filter is held: the model cannot reach the board's document.
    expect(out).not.toContain('Directors');
  });

  it('is egress when the store is remote', async () => {
    const server = await startFakeQdrant();
    try {
      const tool = knowledgeBase(qdrantStore({ url: server.url })).asTool();
      expect(tool.annotations?.tags).toEqual(['effect:egress', 'knowledge']);
    } finally {
      await server.close();
    }
  });
});
