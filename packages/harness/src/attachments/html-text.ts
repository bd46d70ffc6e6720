const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

const BLOCK = /<\/?(p|div|br|hr|h[1-6]|li|ul|ol|tr|table|section|article|header|footer|blockquote|pre|title)\b[^>]*>/gi;

/**
 * An HTML document as plain text: scripts, styles, comments and hidden templates dropped, block
 * elements turned into line breaks, tags removed, entities decoded, blank runs collapsed.
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, (m, tag: string) => (tag.toLowerCase() === 'head' ? titleOf(m) : ''))
      .replace(BLOCK, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\r]+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}

/** A document's `<title>` kept from its `<head>` (the rest of the head is not content). */
function titleOf(head: string): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head);
  return title ? `\n${title[1]}\n` : '';
}
