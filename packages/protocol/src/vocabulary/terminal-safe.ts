/** Control characters (but tab and newline), and bidi or zero-width characters that could hide what a text says. */
function hidden(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    // Word joiner and the invisible operators, the Arabic letter mark, the Mongolian vowel separator.
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0x061c ||
    code === 0x180e ||
    code === 0xfeff
  );
}

/**
 * Makes text safe to put on a terminal: escapes, bidi tricks and invisibles become visible `\u…`.
 * Every prompt that shows a person text from a model, a tool or a file passes it through here.
 */
export function terminalSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    out += hidden(code) ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}
