const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/y;

/**
 * A duration in milliseconds, from the forms people and vendors write: `250ms`, `30s`, `1.5m`,
 * `2h`, `7d`, Go-style composites (`6m0s`, `1h2m3.5s`, as OpenAI's rate-limit headers send them),
 * or a bare number of seconds (`30`). Undefined when the text is none of these. The one reading of
 * durations: the CLI's flags, evidence's options and the providers' headers all use it.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let match = PART.exec(trimmed); match !== null; match = PART.exec(trimmed)) {
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    consumed = PART.lastIndex;
  }
  return consumed === trimmed.length ? Math.round(total) : undefined;
}
