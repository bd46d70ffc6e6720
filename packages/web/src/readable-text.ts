import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

/** What a page reads as: its title, the main text as Markdown, and where it was read from. */
export interface ReadablePage {
  title: string;
  markdown: string;
  /** True when Readability found an article; false when the whole body was taken. */
  article: boolean;
}

/**
 * The readable part of an HTML page: Mozilla's Readability (the extractor of Firefox's reader view)
 * over a linkedom document, then Turndown to Markdown. Scripts, styles and forms never reach the text.
 */
export function readableText(html: string, url: string): ReadablePage {
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll('script, style, noscript, template, iframe, svg')) node.remove();
  const title = (document.querySelector('title')?.textContent ?? '').trim();
  let content: string | undefined;
  let article = false;
  try {
    // Readability resolves relative links against the document's URL.
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.appendChild(base);
    const parsed = new Readability(document, { charThreshold: 200 }).parse();
    if (parsed?.content) {
      content = parsed.content;
      article = true;
    }
  } catch {
    // A page Readability cannot read falls back to its body.
  }
  const fallback = parseHTML(html).document;
  for (const node of fallback.querySelectorAll('script, style, noscript, template, iframe, svg, nav, footer, form')) node.remove();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.remove(['script', 'style', 'noscript', 'iframe']);
  const markdown = turndown.turndown(content ?? fallback.body?.innerHTML ?? '').replace(/\n{3,}/g, '\n\n').trim();
  return { title, markdown, article };
}
