/**
 * Provenance of network origins in changed text (issue 34, the hard part of "ordinary after taint").
 * An ordinary edit — source, docs — may follow the mode after untrusted content, but not when it
 * plants a reference to a place nobody trusted named: a `fetch()` to a new host slipped into a fix,
 * a download link added to the docs. Such text makes the code or its readers reach the network
 * later, so the change is judged as egress. An origin is "known" when the file already named it
 * (or the text before the change did), the task or the configuration names it. Encoded copies are
 * read too: base64, `\x`/`\u`/`%` escapes, string concatenation, `String.fromCharCode` lists.
 */

/** Top-level domains a bare host (no scheme) must end in to count, so `path.join` never does. */
const TLDS =
  'com|net|org|io|dev|app|co|ai|sh|xyz|info|biz|me|ru|cn|tk|top|site|online|club|link|click|zip|page|cloud|tech|example|test|invalid|local|internal|de|uk|fr|es|in|us|eu';
const URL_ORIGIN = /\b([a-z][a-z0-9+.-]{1,15}):\/\/(?:[^\s"'`<>@/]*@)?(\[[0-9a-f:]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?/gi;
const IPV4 = /(?<![\w.])((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?::(\d{1,5})(?!\d)|(?=\/))/g;
const BARE_HOST = new RegExp(`(?<![\\w.@/-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS}))(?::(\\d{1,5})(?!\\d)|(?=/))`, 'gi');
const LOCALHOST_PORT = /(?<![\w.-])(localhost):(\d{1,5})\b/gi;
const EMAIL = new RegExp(`[\\w.+-]+@((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS}))\\b`, 'gi');

/** One origin named in text: host lower-cased, with its port when written. */
export interface NamedOrigin {
  host: string;
  port?: number;
}

function push(out: Map<string, NamedOrigin>, host: string | undefined, port: string | undefined): void {
  if (host === undefined || host === '') return;
  const h = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const p = port !== undefined && port !== '' ? Number(port) : undefined;
  out.set(p === undefined ? h : `${h}:${p}`, { host: h, ...(p !== undefined ? { port: p } : {}) });
}

/** Text with the usual disguises undone, so an encoded or split URL reads as one. */
export function decodedViews(text: string): string[] {
  const views = [text];
  // 'http://ev' + 'il.test' → 'http://evil.test' (JS, Python, shell concatenation of literals).
  const joined = text.replace(/(['"`])\s*(?:\+|\.)?\s*\1/g, '').replace(/(['"`])\s*\+\s*(['"`])/g, '');
  if (joined !== text) views.push(joined);
  const unescaped = joined
    .replace(/\\x([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\u\{?([0-9a-f]{4})\}?/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  if (unescaped !== joined) views.push(unescaped);
  for (const m of text.matchAll(/fromCharCode\s*\(([\d\s,]+)\)/g)) {
    views.push(String.fromCharCode(...(m[1] ?? '').split(',').map((n) => Number(n.trim())).filter((n) => Number.isInteger(n) && n > 0 && n < 0x10000)));
  }
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    const decoded = Buffer.from((m[0] ?? '').replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    // Only text that decodes to printable characters is a disguise; random identifiers decode to noise.
    if (decoded.length >= 8 && /^[\x20-\x7e\t\r\n]+$/.test(decoded)) views.push(decoded);
  }
  return views;
}

/** Every network origin the text names, in any of its decoded views. */
export function namedOrigins(text: string): NamedOrigin[] {
  const out = new Map<string, NamedOrigin>();
  for (const view of decodedViews(text)) {
    for (const m of view.matchAll(URL_ORIGIN)) if (!/^(file|data|mailto|javascript|about|blob)$/i.test(m[1] ?? '')) push(out, m[2], m[3]);
    for (const m of view.matchAll(IPV4)) push(out, m[1], m[2]);
    for (const m of view.matchAll(BARE_HOST)) push(out, m[1], m[2]);
    for (const m of view.matchAll(LOCALHOST_PORT)) push(out, m[1], m[2]);
    for (const m of view.matchAll(EMAIL)) push(out, m[1], undefined);
  }
  return [...out.values()];
}

/** The lines of `after` that `before` does not have (as many times as they were added). */
export function addedText(before: string | undefined, after: string): string {
  const have = new Map<string, number>();
  for (const line of (before ?? '').split(/\r?\n/)) have.set(line, (have.get(line) ?? 0) + 1);
  const added: string[] = [];
  for (const line of after.split(/\r?\n/)) {
    const n = have.get(line) ?? 0;
    if (n > 0) have.set(line, n - 1);
    else added.push(line);
  }
  return added.join('\n');
}

/** How many times each host is named in the text (all decoded views). */
function hostCounts(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const view of decodedViews(text)) {
    for (const re of [URL_ORIGIN, IPV4, BARE_HOST, LOCALHOST_PORT, EMAIL]) {
      for (const m of view.matchAll(re)) {
        const host = (re === URL_ORIGIN ? m[2] : m[1])?.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
        if (host) out.set(host, (out.get(host) ?? 0) + 1);
      }
    }
  }
  return out;
}

/**
 * The origins a change plants: named in the text it adds, named more often in the file after than
 * before (moving a registry URL from one line to the next plants nothing; a link added next to an
 * injected note that already names the host does), not named by the task (`known` text) and not
 * accepted by `allowed` (the scope's hosts and the configured allowlist, which know ports). The
 * file's own text is not trusted: it may be the untrusted content that asked for the change.
 */
export function plantedOrigins(before: string | undefined, after: string, known: readonly string[], allowed: (origin: NamedOrigin) => boolean): NamedOrigin[] {
  const planted = namedOrigins(addedText(before, after));
  if (planted.length === 0) return [];
  const knownOrigins = known.flatMap((text) => namedOrigins(text));
  const was = hostCounts(before ?? '');
  const now = hostCounts(after);
  return planted.filter(
    (o) =>
      (now.get(o.host) ?? 0) > (was.get(o.host) ?? 0) &&
      !allowed(o) &&
      !knownOrigins.some((k) => k.host === o.host && (k.port === undefined || k.port === o.port || o.port === undefined)),
  );
}

/** `host` or `host:port`, for messages. */
export function showOrigin(origin: NamedOrigin): string {
  return origin.port === undefined ? origin.host : `${origin.host}:${origin.port}`;
}
