import type { FileHandle } from 'node:fs/promises';
import { charsWithinBytes, headOf, REDACTION_MARGIN, type Redact } from './redaction-cut.js';
import { readLineRange, type LineRange } from './text-reader.js';

/**
 * `readLineRange` for a tool whose output is redacted: the lines are read with
 * `REDACTION_MARGIN` bytes to spare, the cap is applied at a line boundary (so no single-line
 * secret is split, and a private key block cut there is still recognised by its header), and the
 * kept lines are redacted as one text. Only when the first line alone is over the cap is a line
 * cut: it is then redacted with the margin read past the cut and cut afterwards.
 */
export async function readRedactedLineRange(handle: FileHandle, start: number, end: number, maxBytes: number, redact: Redact): Promise<LineRange> {
  const range = await readLineRange(handle, start, end, maxBytes + REDACTION_MARGIN);
  if (range.lastLine === 0) return range;
  const lines = range.text.split('\n');
  const lastIsPartial = range.truncated && range.nextLine === range.lastLine;
  const whole = lastIsPartial ? lines.length - 1 : lines.length;
  let kept = 0;
  let bytes = 0;
  while (kept < whole) {
    const size = Buffer.byteLength(lines[kept] as string) + 1;
    if (bytes + size > maxBytes + 1) break;
    bytes += size;
    kept += 1;
  }
  if (kept === lines.length && !range.truncated) return { ...range, text: redact(range.text) };
  if (kept > 0) {
    const lastLine = start + kept - 1;
    return { ...range, text: redact(lines.slice(0, kept).join('\n')), lastLine, truncated: true, eof: false, totalLines: lastLine, nextLine: lastLine + 1 };
  }
  // The first line alone is over the cap: redact what was read of it, then cut.
  const first = lines[0] as string;
  const redacted = redact(first);
  const text = headOf(redacted, charsWithinBytes(redacted, maxBytes), lines.length === 1 && lastIsPartial);
  return { ...range, text, lastLine: start, truncated: true, eof: false, totalLines: start, nextLine: start };
}
