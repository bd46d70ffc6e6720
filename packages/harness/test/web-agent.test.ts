import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { startFakeSearchEngine, startFakeShop } from '@warden/test-servers';
import { describe, expect, it } from 'vitest';
import { braveEngine, webTools } from '@warden/web';

const KEY = 'brave-key-for-this-test-8d1f0c';

describe('a scripted agent searches and reads through the harness', () => {
  it('search results taint the run; a fetch in scope follows the mode, one outside needs a person; the engine key is nowhere', async () => {
    const engine = await startFakeSearchEngine('brave', { key: KEY });
    const shop = await startFakeShop();
    const workdir = await mkdtemp(join(tmpdir(), 'warden-web-search-agent-'));
    try {
      const host = new URL(shop.url).host;
      const tools = webTools({ search: { engines: [braveEngine({ apiKey: KEY, baseUrl: engine.url })] }, fetch: { allowHosts: [host] } });
      const provider = scriptedProvider([
        { toolCalls: [{ id: 'search', name: 'web_search', args: { query: 'cactus care', recency: 'week' } }] },
        { toolCalls: [{ id: 'inside', name: 'web_fetch', args: { url: `${shop.url}/article` } }] },
        { toolCalls: [{ id: 'outside', name: 'web_fetch', args: { url: 'https://docs.example.org/warden' } }] },
        'Water deeply, then let the soil dry out.',
      ]);
      const harness = await createHarness({ workdir, provider, mode: 'safe', approver: 'yes', tools, env: {}, scope: { hosts: [shop.url] } });
      const events: RunEvent[] = [];
      const result = await harness.run('How do I care for a cactus?', { onEvent: (e) => events.push(e) });
      await harness.close();

      expect(result.stopReason).toBe('done');
      expect(result.tainted).toBe(true);
      expect(engine.requests.map((r) => r.query)).toEqual(['q=cactus+care&count=8&freshness=pw']);
      const decisions = Object.fromEntries(events.flatMap((e) => (e.type === 'tool_decision' ? [[e.callId, e.decision]] : [])));
      expect(decisions.search).toMatchObject({ effect: 'allow' });
      expect(decisions.inside).toMatchObject({ effect: 'allow' });
      expect(decisions.outside).toMatchObject({ effect: 'ask', rule: 'taint.requires-person', requiresPerson: true, params: { because: 'open_world' } });
      const statuses = Object.fromEntries(events.flatMap((e) => (e.type === 'tool_result' ? [[e.callId, e.status]] : [])));
      expect(statuses).toEqual({ search: 'ok', inside: 'ok', outside: 'denied' });
      expect(shop.visits).toEqual(['/article']);

      let stored = '';
      for (const entry of await readdir(workdir, { recursive: true, withFileTypes: true })) {
        if (entry.isFile()) stored += await readFile(join(entry.parentPath, entry.name), 'utf8');
      }
      expect(stored).toContain('Caring for your cactus');
      for (const text of [stored, JSON.stringify(events), JSON.stringify(provider.requests)]) expect(text).not.toContain(KEY);
    } finally {
      await Promise.all([engine.close(), shop.close(), rm(workdir, { recursive: true, force: true })]);
    }
  });
});
