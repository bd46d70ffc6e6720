const PLACEHOLDERS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:TODO|FIXME|TBD|XXX)\b/, 'a TODO/FIXME marker'],
  [/lorem ipsum/i, 'lorem ipsum filler text'],
  [/\[(?:insert|your|add|placeholder|todo|fill in)\b[^\]\n]{0,60}\]/i, 'a [insert …] placeholder'],
  [/<(?:insert|your|placeholder|fill[ _-]in)[ _-][^>\n]{0,60}>/i, 'an <insert …> placeholder'],
  [/\{\{\s*[A-Za-z_][\w.]*\s*\}\}/, 'an unfilled {{template}} variable'],
  [/(?:\/\/|#|\/\*)\s*\.{3}\s*(?:rest|existing|remaining|more|other)\b/i, 'elided code ("// ... rest")'],
  [/\.{3}\s*(?:rest of (?:the )?(?:code|implementation|file)|existing code)/i, 'elided code ("... existing code")'],
];

/** Descriptions of the placeholders found in an answer, in plain words. */
export function findPlaceholders(text: string): string[] {
  return PLACEHOLDERS.filter(([re]) => re.test(text)).map(([, what]) => what);
}
