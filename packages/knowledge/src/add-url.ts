import { knowledgeError } from './coded-errors.js';
import type { AddResult, KnowledgeBase } from './knowledge-base.js';
import type { Metadata } from './store-types.js';

/** A page fetched for a knowledge base: its final URL (after redirects), title and readable text. */
export interface FetchedDocument {
  url: string;
  title: string;
  text: string;
}

/**
 * What fetches a URL for `addUrl`. Knowledge imports no HTTP client of its own: pass the governed
 * fetch of `@warden/web` (`webFetch({ allowedDomains, allowHosts, maxBytes })`), which applies the
 * egress policy to the URL and every redirect, limits size and time, and turns HTML into text.
 */
export interface UrlFetcher {
  fetch(url: string, signal?: AbortSignal): Promise<FetchedDocument>;
}

export interface AddUrlOptions {
  /** Stable id (default: the URL as given): adding it again replaces the document. */
  id?: string;
  metadata?: Metadata;
  namespace?: string;
  signal?: AbortSignal;
}

/**
 * Adds a web page to a knowledge base: fetched through `fetcher`, cut into passages like any
 * document, with the final URL as its source. A fetched page is untrusted content: its passages
 * carry `untrusted: true` and `fetchedFrom` in their metadata (and the knowledge tool labels every
 * result untrusted). Only `http:` and `https:` URLs are fetched.
 */
export async function addUrl(kb: KnowledgeBase, url: string, fetcher: UrlFetcher, options: AddUrlOptions = {}): Promise<AddResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw knowledgeError('knowledge.invalid_options', `"${url.slice(0, 80)}" is not a URL.`, 'Give an http(s):// address, or a file path to addFile.', error);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw knowledgeError('knowledge.invalid_options', `Only http and https pages can be added, not ${parsed.protocol} addresses.`);
  }
  const page = await fetcher.fetch(parsed.href, options.signal);
  return kb.add(
    {
      id: options.id ?? url,
      text: page.text,
      title: page.title.trim() || parsed.host,
      source: page.url,
      metadata: { ...options.metadata, untrusted: true, fetchedFrom: page.url },
      ...(options.namespace ? { namespace: options.namespace } : {}),
    },
    options.signal,
  );
}
