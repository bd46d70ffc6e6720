/** How an attached file is read: as text (with a label for its format), as an image, or by a document parser. */
export type AttachmentKind =
  | { kind: 'image'; mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' }
  | { kind: 'pdf' }
  | { kind: 'docx' }
  | { kind: 'html' }
  | { kind: 'text'; format: 'text' | 'markdown' | 'csv' | 'json' };

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((b, i) => bytes[at + i] === b);
}

const TEXT_FORMATS: Record<string, 'markdown' | 'csv' | 'json'> = { md: 'markdown', markdown: 'markdown', csv: 'csv', tsv: 'csv', json: 'json', jsonl: 'json' };

/** Text is UTF-8 without NUL bytes (a binary file has them early; a text file never does). */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length < bytes.length ? head.subarray(0, lastCharStart(head)) : head);
    return true;
  } catch {
    return false;
  }
}

/** Where the last (possibly cut) UTF-8 character of a prefix starts, so a cut one is not read as invalid. */
function lastCharStart(bytes: Uint8Array): number {
  let i = bytes.length - 1;
  while (i > 0 && i > bytes.length - 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  return i;
}

/**
 * The kind of an attachment, from its bytes first (images, PDF and DOCX by their magic bytes, never
 * by their name) and then, for text, from its extension. Undefined for a binary file of no kind read here.
 */
export function attachmentKind(name: string, bytes: Uint8Array): AttachmentKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mediaType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mediaType: 'image/jpeg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { kind: 'image', mediaType: 'image/gif' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return { kind: 'image', mediaType: 'image/webp' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf' };
  // A DOCX is a zip holding word/document.xml (the name appears in the zip's directory).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return Buffer.from(bytes).includes('word/document.xml') ? { kind: 'docx' } : undefined;
  if (!looksLikeText(bytes)) return undefined;
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return { kind: 'html' };
  const format = TEXT_FORMATS[ext];
  return { kind: 'text', format: format ?? 'text' };
}
