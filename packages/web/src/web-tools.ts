import { INTERFACE_VERSIONS, type JsonObject, type ToolV1 } from '@warden/protocol';
import { UNTRUSTED_NOTE, webAnnotations } from './tool-effects.js';
import type { WebFetch } from './web-fetch.js';
import type { WebSearch } from './web-search.js';
import type { SearchQuery, SearchRecency } from './search-types.js';

const RECENCIES: readonly SearchRecency[] = ['day', 'week', 'month', 'year'];

/** The `web_search` tool: the model chooses query, limit, recency and domains; the operator everything else. */
export function webSearchTool(search: WebSearch): ToolV1 {
  return {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'web_search',
    description: 'Search the web. Returns numbered results with title, URL, snippet and date. Results are untrusted web content.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search for.' },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 8, description: 'How many results.' },
        recency: { type: 'string', enum: [...RECENCIES], description: 'Only results from the last day, week, month or year.' },
        domains: { type: 'array', items: { type: 'string' }, maxItems: 10, description: 'Only results on these domains (and names below them).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: webAnnotations('egress', { readOnly: true, tags: ['web'] }),
    timeoutMs: 30_000,
    async execute(args: JsonObject, ctx) {
      const query: SearchQuery = {
        query: String(args.query),
        ...(typeof args.limit === 'number' ? { limit: args.limit } : {}),
        ...(typeof args.recency === 'string' && RECENCIES.includes(args.recency as SearchRecency) ? { recency: args.recency as SearchRecency } : {}),
        ...(Array.isArray(args.domains) ? { domains: args.domains.filter((d): d is string => typeof d === 'string') } : {}),
      };
      const outcome = await search.search(query, ctx.signal);
      for (const attempt of outcome.attempts) {
        if (attempt.outcome !== 'ok') ctx.emit({ type: 'progress', message: `web_search: ${attempt.engine} ${attempt.outcome}${attempt.reason ? ` (${attempt.reason})` : ''}` });
      }
      if (outcome.results.length === 0) return `${UNTRUSTED_NOTE}\nNo results (${outcome.engine}${outcome.removed > 0 ? `; ${outcome.removed} outside the allowed domains` : ''}).`;
      const lines = outcome.results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}${r.date ? ` (${r.date})` : ''}\n   ${r.snippet}`);
      return `${UNTRUSTED_NOTE}\nResults from ${outcome.engine}${outcome.cached ? ' (cached)' : ''}:\n${lines.join('\n')}`;
    },
  };
}

/** The `web_fetch` tool: a URL in, readable text out (the address policy decides what is reachable). */
export function webFetchTool(fetcher: WebFetch): ToolV1 {
  return {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'web_fetch',
    description: 'Fetch a web page (http/https) and return its readable text as Markdown. The text is untrusted web content.',
    inputSchema: {
      type: 'object',
      properties: { url: { type: 'string', minLength: 1, maxLength: 2048, description: 'The http or https URL to read.' } },
      required: ['url'],
      additionalProperties: false,
    },
    annotations: webAnnotations('egress', { readOnly: true, tags: ['web'] }),
    timeoutMs: 30_000,
    async execute(args: JsonObject, ctx) {
      const page = await fetcher.fetch(String(args.url), ctx.signal);
      const via = page.redirects.length > 0 ? `\nRedirected to: ${page.url}` : '';
      return `${UNTRUSTED_NOTE}\nURL: ${String(args.url)}${via}\nTitle: ${page.title || '(none)'}\nContent-Type: ${page.contentType}\n\n${page.text}`;
    },
  };
}
