import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUrl, knowledgeBase, KnowledgeError, sqliteStore, type UrlFetcher } from '../src/index.js';

// A real local HTTP server; the fetcher here is plain `fetch` with the HTML reduced to its body text.
// The CLI test (`warden knowledge add URL`) runs the same through @warden/web's governed fetch.
let server: Server;
let base: string;
let hits = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (req.url === '/moved') {
      res.writeHead(301, { location: '/handbook' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><head><title>Handbook</title></head><body><h1>Leave</h1><p>Annual leave is twenty-five days a year.</p></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const plainFetcher: UrlFetcher = {
  async fetch(url, signal) {
    const response = await fetch(url, signal ? { signal } : {});
    const html = await response.text();
    return { url: response.url, title: /<title>(.*?)<\/title>/.exec(html)?.[1] ?? '', text: html.replace(/<head>[\s\S]*<\/head>/, '').replace(/<[^>]+>/g, '\n').replace(/\n+/g, '\n').trim() };
  },
};

describe('addUrl', () => {
  it('adds a fetched page with its final URL as the source, marked untrusted, and finds it', async () => {
    const kb = knowledgeBase(sqliteStore({ path: ':memory:' }));
    const added = await addUrl(kb, `${base}/moved`, plainFetcher, { metadata: { team: 'people' } });
    expect(added).toMatchObject({ documentId: `${base}/moved`, embedded: true });
    expect(added.passages).toBeGreaterThan(0);
    const [hit] = await kb.search('how many days of annual leave', { k: 1 });
    expect(hit).toMatchObject({ title: 'Handbook', source: `${base}/handbook`, metadata: { team: 'people', untrusted: true, fetchedFrom: `${base}/handbook` } });
    expect(hit!.text).toContain('twenty-five days');
    // Unchanged content costs no re-embedding.
    expect((await addUrl(kb, `${base}/moved`, plainFetcher, { metadata: { team: 'people' } })).embedded).toBe(false);
    await kb.store.close();
  });

  it('refuses what is not an http(s) URL before fetching', async () => {
    const kb = knowledgeBase(sqliteStore({ path: ':memory:' }));
    const before = hits;
    for (const url of ['file:///etc/passwd', 'not a url']) {
      const error = await addUrl(kb, url, plainFetcher).catch((e: unknown) => e);
      expect(KnowledgeError.isInstance(error) && error.code).toBe('knowledge.invalid_options');
    }
    expect(hits).toBe(before);
    await kb.store.close();
  });
});
