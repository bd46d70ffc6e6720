// @ts-check
// A real browser, offline: the installed Chromium (Debian's `chromium`; browsers are never
// downloaded) driven by `playwright-core`, as tools a scripted agent uses. The model reads the
// page as numbered elements, signs in (the password is never echoed back), and follows a link
// whose redirect points at a private address — refused by the address policy. Exits 1 if
// anything differs; prints why and exits 0 when no Chromium is installed.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createBrowser } from '@warden/web';
import { html, serve } from './local-servers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  process.exit(0);
}

const site = await serve((req, body, res) => {
  if (req.url === '/' && req.method === 'GET') {
    return html(res, `<!doctype html><title>Shop sign-in</title><form method="post" action="/"><label>User <input name="user"></label>
<label>Password <input name="password" type="password"></label><button>Sign in</button></form><a href="/staff">Staff area</a>`);
  }
  if (req.url === '/' && req.method === 'POST') return html(res, `<!doctype html><title>Welcome</title><h1>Welcome, ${new URLSearchParams(body).get('user')}</h1><a href="/staff">Staff area</a>`);
  if (req.url === '/staff') return void res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
  res.writeHead(404).end();
});

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-web-browser-'));
const browser = createBrowser({ executablePath: CHROMIUM, allowHosts: [new URL(site.url).host] });
/** The number the latest page listing gave an element. @param {import('@warden/protocol').ModelRequest} request @param {RegExp} line */
function numberOf(request, line) {
  const parts = request.messages.at(-1)?.parts ?? [];
  const page = parts.flatMap((p) => (p.type === 'tool_result' ? p.content : [])).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  const text = page.split('\n').find((l) => line.test(l)) ?? '';
  return Number(/\[(\d+)\]/.exec(text)?.[1] ?? 0);
}
const provider = scriptedProvider([
  { toolCalls: [{ id: 'open', name: 'browser_goto', args: { url: site.url } }] },
  (request) => ({ toolCalls: [{ id: 'user', name: 'browser_type', args: { element: numberOf(request, /textbox "User"/), text: 'ana' } }] }),
  (request) => ({ toolCalls: [{ id: 'password', name: 'browser_type', args: { element: numberOf(request, /"Password"/), text: 'correct horse battery', submit: true } }] }),
  (request) => ({ toolCalls: [{ id: 'staff', name: 'browser_click', args: { element: numberOf(request, /link "Staff area"/) } }] }),
  'Signed in as ana; the staff area redirects to a private address, which was refused.',
]);
const harness = await createHarness({
  workdir: workspace, provider, mode: 'safe', approver: 'yes', sessions: memorySessionStore(), audit: false, env: {},
  tools: browser.tools,
  // The browser's own tools and the shop's host are the task's: after the page taints the run, they follow the mode.
  scope: { tools: ['browser_*'], hosts: [site.url] },
});
/** @type {Record<string, string>} */
const results = {};
const result = await harness.run('Sign in to the shop as ana and open the staff area.', {
  onEvent(event) {
    if (event.type === 'tool_result') {
      results[event.callId] = event.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
      console.log(`${event.name.padEnd(15)} ${event.status} ${event.status === "ok" ? "" : results[event.callId]}`);
    }
  },
});
await harness.close();
await browser.close();
await Promise.all([site.close(), rm(workspace, { recursive: true, force: true })]);

const expectations = [
  ['the run finished', result.stopReason === 'done'],
  ['the page was read as numbered elements', /\[\d+\] textbox "User"/.test(results.open ?? '')],
  ['the password was never echoed', results.password?.includes('(filled, not shown)') === false && !JSON.stringify(results).includes('correct horse battery')],
  ['the sign-in went through', results.password?.includes('Welcome, ana') === true],
  ['the redirect to a private address was refused', /refused http:\/\/10\.0\.0\.1\/admin/.test(results.staff ?? '')],
  ['browsing tainted the run', result.tainted],
];
let failed = 0;
for (const [what, ok] of expectations) {
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}
process.exitCode = failed === 0 ? 0 : 1;
