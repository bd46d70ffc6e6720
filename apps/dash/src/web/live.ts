import { streamSSE } from 'hono/streaming';
import type { DashContext } from './context.js';
import { PAGE_CSP } from './security-headers.js';

/**
 * The one script the dashboard serves: a live page's `#live` element names its event stream
 * (`data-live`), and each `update` event replaces the element's content with markup the server
 * rendered (and escaped) exactly as the page itself was.
 */
export const LIVE_SCRIPT = `(function(){var el=document.getElementById('live');if(!el||!el.dataset.live||!window.EventSource)return;
var es=new EventSource(el.dataset.live);es.addEventListener('update',function(e){el.innerHTML=JSON.parse(e.data).html;el.dataset.updates=String(Number(el.dataset.updates||'0')+1);});})();`;

/** Live pages may load our own script and open our own event stream; nothing else changes. */
export const LIVE_PAGE_CSP = `${PAGE_CSP}; script-src 'self'; connect-src 'self'`;

/**
 * Server-sent events for a live page: renders the fragment every `intervalMs` while the browser
 * listens and sends it when it changed. Polls the stores rather than subscribing, so every store
 * kind (JSONL, SQLite, PostgreSQL, Redis) and the fleet's queue work the same way.
 */
export function liveStream(c: DashContext, render: () => Promise<string>, intervalMs: number): Response {
  c.header('cache-control', 'no-store');
  return streamSSE(c, async (stream) => {
    let last: string | undefined;
    while (!stream.aborted && !stream.closed) {
      const html = await render().catch(() => undefined);
      if (html !== undefined && html !== last) {
        last = html;
        await stream.writeSSE({ event: 'update', data: JSON.stringify({ html }) });
      }
      await stream.sleep(intervalMs);
    }
  });
}
