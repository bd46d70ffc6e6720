import type { ToolV1 } from '@warden/protocol';
import type { AddressPolicyOptions } from './address-policy.js';
import { webFetch } from './web-fetch.js';
import { webSearch, type WebSearchOptions } from './web-search.js';
import { webFetchTool, webSearchTool } from './web-tools.js';

export interface WebToolsOptions {
  search?: WebSearchOptions;
  /** The fetch tool's address policy and limits (the search's domain policy applies to results). */
  fetch?: AddressPolicyOptions & { maxBytes?: number; timeoutMs?: number; maxChars?: number };
}

/** `web_search` and `web_fetch`, ready for `createHarness({ tools })` or `createAgent({ tools })`. */
export function webTools(options: WebToolsOptions = {}): ToolV1[] {
  return [webSearchTool(webSearch(options.search)), webFetchTool(webFetch(options.fetch))];
}
