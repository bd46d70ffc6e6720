// @ts-check
// Web search + fetch, offline: a local SearXNG-style engine (the operator's own, so its private
// address is allowed for the engine only) after a first engine that is down; a scripted model
// searches, then reads the one result on the allowed site. Results from a blocked domain never
// reach the model, everything read is untrusted (the run is tainted), and a fetch of a cloud
// metadata address is refused whatever the model asks. Exits 1 if anything differs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { searxngEngine, webTools, httpEngine } from '@warden/web';
import { ARTICLE, html, json, serve } from './local-servers.mjs';

const site = await serve((req, _body, res) => (req.url === '/cactus' ? html(res, ARTICLE) : json(res, 404, { error: 'not found' })));
const down = await serve((_req, _body, res) => json(res, 503, { error: 'maintenance' }));
const searx = await serve((req, _body, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') return json(res, 403, {});
  json(res, 200, {
    query: url.searchParams.get('q'),
    results: [
      { title: 'Caring for your <b>cactus</b>', url: `${site.url}/cactus?utm_source=searx`, content: 'Water deeply, then let the soil dry out.' },
      { title: 'Cactus deals!!!', url: 'https://spam.example/deals', content: 'Click here.' },
    ],
  });
});

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-web-search-'));
const tools = webTools({
  search: { engines: [httpEngine({ name: 'in-house', url: `${down.url}/q` }), searxngEngine({ baseUrl: searx.url })], blockedDomains: ['spam.example'], retries: 0 },
  // The local site is named explicitly: private and loopback addresses are refused otherwise.
  fetch: { allowHosts: [new URL(site.url).host] },
});
/** @param {import('@warden/protocol').ModelRequest} request */
const lastResult = (request) => JSON.stringify(request.messages.at(-1));
const provider = scriptedProvider([
  { toolCalls: [{ id: 'search', name: 'web_search', args: { query: 'how often to water a cactus', limit: 5 } }] },
  (request) => {
    const found = /http:\/\/127\.0\.0\.1:\d+\/cactus/.exec(lastResult(request));
    return { toolCalls: [{ id: 'fetch', name: 'web_fetch', args: { url: found ? found[0] : 'missing' } }] };
  },
  { toolCalls: [{ id: 'metadata', name: 'web_fetch', args: { url: 'http://169.254.169.254/latest/meta-data/' } }] },
  'Water a cactus deeply, then let the soil dry out; in winter, once a month at most.',
]);
const harness = await createHarness({
  workdir: workspace, provider, mode: 'safe', approver: 'yes', sessions: memorySessionStore(), audit: false, env: {}, tools,
  // After untrusted content, the open-world tools may reach only the hosts in scope.
  scope: { hosts: [site.url, 'http://169.254.169.254'] },
});
/** @type {Record<string, { status: string, text: string }>} */
const results = {};
const result = await harness.run('How often should I water my cactus? Search the web.', {
  onEvent(event) {
    if (event.type === 'tool_result') {
      results[event.callId] = { status: event.status, text: event.content.map((p) => (p.type === 'text' ? p.text : '')).join('') };
      console.log(`${event.name.padEnd(10)} ${event.status}: ${results[event.callId]?.text.split('\n').filter((l) => l !== '' && !l.startsWith('Untrusted')).slice(0, 2).join(' | ').slice(0, 110)}`);
    }
  },
});
await harness.close();
await Promise.all([site.close(), down.close(), searx.close(), rm(workspace, { recursive: true, force: true })]);

const expectations = [
  ['the run finished', result.stopReason === 'done'],
  ['the first engine failed and the search fell back to SearXNG', results.search?.text.includes('Results from searxng') === true],
  ['tracking parameters were stripped and markup removed', results.search?.text.includes(`/cactus\n`) === true && results.search.text.includes('Caring for your cactus')],
  ['the blocked domain never reached the model', results.search?.text.includes('spam.example') === false],
  ['the page was read as text by Readability', results.fetch?.status === 'ok' && results.fetch.text.includes('Cacti store water in their stems') && !results.fetch.text.includes('tracking')],
  ['the metadata address was refused', results.metadata?.status === 'error' && /169\.254\.169\.254/.test(results.metadata.text)],
  ['web content tainted the run', result.tainted],
];
let failed = 0;
for (const [what, ok] of expectations) {
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}
process.exitCode = failed === 0 ? 0 : 1;
