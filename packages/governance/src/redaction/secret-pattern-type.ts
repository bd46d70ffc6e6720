/**
 * One secret format. The regex is global; when it has a `secret` named group only that group is
 * replaced and the named groups `pre` and `post` are kept.
 */
export interface SecretPattern {
  kind: string;
  regex: RegExp;
  /** The match must not start in the middle of a word. */
  wordStart?: boolean;
  /**
   * A prefix of `regex.source` (case-sensitive, no capturing group) that every match starts with.
   * One combined search for the probes tells which patterns can match at all; the others are skipped.
   */
  probe?: string;
  /**
   * Widens each match back over this many characters before it (checked by `validate`): for
   * formats whose literal part is in the middle (`<32 hex>-us6`, `<14>.atlasv1.<…>`).
   */
  extendBack?: number;
  /**
   * Where a match really starts, when that is found by looking back from it (an index ≤ `offset`),
   * or -1 to skip the match: for the tail of a private key block whose start was cut off.
   */
  startBefore?(text: string, offset: number): number;
  /** `before` is up to 16 characters (or `extendBack`, when larger) of text before the match. */
  validate?(secret: string, groups: Record<string, string | undefined>, before: string): boolean;
}
