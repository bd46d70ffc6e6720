/**
 * Size limits of a `Handoff` record and its receipt. They hold wherever a handoff travels (in one
 * process, through a fleet job, over A2A): `handoffFromJson` refuses a larger text before parsing it.
 */
export const HANDOFF_LIMITS = {
  /** The whole record or receipt as JSON, in UTF-8 bytes. */
  jsonBytes: 65_536,
  /** Agent names (`from`, `to`, a receipt's `by`): provider-safe tool-name characters. */
  agentNameChars: 64,
  contextSummaryChars: 16_000,
  artifacts: 64,
  artifactChars: 1_024,
  suggestedNextActionChars: 2_000,
  /** `metadata` as JSON, in UTF-8 bytes. */
  metadataBytes: 16_384,
  reasonChars: 2_000,
} as const;

/** The version of the `Handoff` record this release writes and reads. */
export const HANDOFF_VERSION = 1;

/** UTF-8 length of a string without encoding it (the protocol runs outside Node too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
