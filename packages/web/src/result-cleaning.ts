import { parseHTML } from 'linkedom';
import type { SearchResult } from './search-types.js';

// What engines send back is untrusted text: markup is dropped (by a parser, not a regex), tracking
// parameters removed so one page is one URL, duplicates merged and snippets cut to a bound.

const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|yclid|igshid|_hsenc|_hsmi|ref_src|ref_url|spm|srsltid)$/i;

/** Text without markup, with entities decoded and whitespace folded. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const { document } = parseHTML(`<!doctype html><html><body><div>${html}</div></body></html>`);
  return (document.querySelector('div')?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The URL without tracking parameters or fragment; undefined when it is not an http(s) URL. */
export function cleanUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.hash = '';
  return url.toString();
}

/** The key two URLs of one page share (no scheme, no `www.`, no trailing slash). */
function sameness(url: string): string {
  const u = new URL(url);
  return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}${u.search}`;
}

export const MAX_SNIPPET_CHARS = 300;
export const MAX_TITLE_CHARS = 200;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Cleans, de-duplicates and bounds results; `keep` decides by host (the domain policy). */
export function cleanResults(results: readonly SearchResult[], keep: (host: string) => boolean): { results: SearchResult[]; removed: number } {
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  let removed = 0;
  for (const raw of results) {
    const url = cleanUrl(raw.url);
    if (url === undefined) continue;
    if (!keep(new URL(url).hostname)) {
      removed += 1;
      continue;
    }
    const key = sameness(url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...raw, url, title: cut(plainText(raw.title), MAX_TITLE_CHARS), snippet: cut(plainText(raw.snippet), MAX_SNIPPET_CHARS) });
  }
  return { results: out, removed };
}
