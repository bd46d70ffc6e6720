/**
 * Cutting text that a redactor will see. A cut through the middle of a secret leaves a piece no
 * format matches any more (`ghp_0123…` cut after 20 characters is just letters), so every cut in
 * the tools is made on text that was redacted first: the text is read with a margin past the cut,
 * redacted as a whole, and only then cut — dropping the margin, which is where a secret broken by
 * the read itself would sit.
 */

/** Replaces the secrets in a text (governance's `createRedactor().redact`, or any function). */
export type Redact = (text: string) => string;

/**
 * How far past a cut the raw text is read before redacting, in characters: longer than any
 * single-line secret format (keys, tokens, signed URLs, JWTs); a longer secret straddling a cut
 * may leave the part outside the margin unredacted.
 */
export const REDACTION_MARGIN = 16 * 1024;

const MARKER_START = '[redacted:';

/** Moves a cut position out of a `[redacted:…]` marker (to its start) and off a surrogate pair. */
function safeCut(text: string, at: number): number {
  let cut = Math.max(0, Math.min(at, text.length));
  const open = text.lastIndexOf(MARKER_START, cut - 1);
  if (open !== -1 && open < cut) {
    const close = text.indexOf(']', open);
    if (close === -1 || close >= cut) cut = open;
  }
  const code = text.charCodeAt(cut - 1);
  if (cut > 0 && code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return cut;
}

/** The largest character index whose prefix fits in `maxBytes` of UTF-8. */
export function charsWithinBytes(text: string, maxBytes: number): number {
  if (text.length <= maxBytes / 3) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
    if (bytes + size > maxBytes) return i;
    bytes += size;
  }
  return text.length;
}

/** How many characters at the end of `text` fit in `maxBytes` of UTF-8. */
export function charsFromEndWithinBytes(text: string, maxBytes: number): number {
  if (text.length <= maxBytes / 3) return text.length;
  let bytes = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xdc00 && c <= 0xdfff ? 4 : c >= 0xd800 && c <= 0xdbff ? 0 : 3;
    if (bytes + size > maxBytes) return text.length - 1 - i;
    bytes += size;
  }
  return text.length;
}

/**
 * The start of already-redacted text, at most `maxChars` characters, never ending inside a marker.
 * `rawWasCut` says the raw text was itself cut at its end (read with `REDACTION_MARGIN` to
 * spare): the last margin is dropped, since a secret broken by that cut may sit there unrecognised.
 */
export function headOf(redacted: string, maxChars: number, rawWasCut: boolean): string {
  const limit = rawWasCut ? Math.min(maxChars, redacted.length - REDACTION_MARGIN) : maxChars;
  return redacted.slice(0, safeCut(redacted, limit));
}

/** The end of already-redacted text, at most `maxChars` characters; see `headOf` for `rawWasCut` (at its start). */
export function tailOf(redacted: string, maxChars: number, rawWasCut: boolean): string {
  let from = Math.max(0, redacted.length - maxChars);
  if (rawWasCut) from = Math.max(from, REDACTION_MARGIN);
  if (from >= redacted.length) return '';
  // Never start inside a marker: move past it.
  const open = redacted.lastIndexOf(MARKER_START, from);
  if (open !== -1 && open < from) {
    const close = redacted.indexOf(']', open);
    if (close !== -1 && close >= from) from = close + 1;
  }
  const code = redacted.charCodeAt(from);
  if (code >= 0xdc00 && code <= 0xdfff) from += 1;
  return redacted.slice(from);
}
