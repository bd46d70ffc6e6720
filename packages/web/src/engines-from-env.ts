import { braveEngine, duckDuckGoEngine, exaEngine, googleEngine, searxngEngine, tavilyEngine } from './search-engines.js';
import type { SearchEngine } from './search-types.js';

/** The variables `enginesFromEnv` reads, and the engine each one sets up. */
export const SEARCH_ENGINE_ENV: Readonly<Record<string, string>> = Object.freeze({
  BRAVE_API_KEY: 'brave',
  TAVILY_API_KEY: 'tavily',
  EXA_API_KEY: 'exa',
  SEARXNG_URL: 'searxng',
  GOOGLE_CSE_API_KEY: 'google (with GOOGLE_CSE_ID)',
});

/**
 * The engines whose keys are in the environment, in a fixed order (Brave, Tavily, Exa, SearXNG,
 * Google), with DuckDuckGo's keyless endpoint last. Keys stay in the engines: the model only ever
 * sees the tool's query parameters, and every message is scrubbed of them.
 */
export function enginesFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SearchEngine[] {
  const engines: SearchEngine[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const brave = value('BRAVE_API_KEY');
  if (brave) engines.push(braveEngine({ apiKey: brave }));
  const tavily = value('TAVILY_API_KEY');
  if (tavily) engines.push(tavilyEngine({ apiKey: tavily }));
  const exa = value('EXA_API_KEY');
  if (exa) engines.push(exaEngine({ apiKey: exa }));
  const searx = value('SEARXNG_URL');
  if (searx) engines.push(searxngEngine({ baseUrl: searx }));
  const google = value('GOOGLE_CSE_API_KEY');
  const cx = value('GOOGLE_CSE_ID');
  if (google && cx) engines.push(googleEngine({ apiKey: google, cx }));
  engines.push(duckDuckGoEngine());
  return engines;
}
