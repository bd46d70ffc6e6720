import type { Severity } from '../classify/data-classes.js';

/** The deterministic detectors, by the seed's names. */
export const DETECTOR_NAMES = ['noPii', 'noSecrets', 'noInjection', 'grounded', 'notToxic', 'noRepetition', 'requireCitation'] as const;
export type DetectorName = (typeof DETECTOR_NAMES)[number];

/** A character range of the checked text: `text.slice(start, end)`. */
export type RailSpan = readonly [start: number, end: number];

/**
 * What a rail found. `message` is plain words safe to show the model and a person: it never holds
 * the matched value (a secret or personal data stays in the text, located by `spans`).
 */
export interface RailFinding {
  /** The detector (`noSecrets`, …) or `judge:<policy>`. */
  rail: string;
  /** What exactly: a data class, a secret kind, an injection signal id, `unsupported_sentence`, … */
  kind: string;
  severity: Severity;
  /** 0–1: a check digit that holds is near 1, a word-list or overlap heuristic lower. */
  confidence: number;
  spans: readonly RailSpan[];
  message: string;
}

/** What a detector may read besides the text: the retrieved and tool text the answer should rest on. */
export interface RailContext {
  sources?: readonly string[];
}

/** A deterministic check: the same text and context always give the same findings. */
export interface Detector {
  readonly name: DetectorName;
  check(text: string, context?: RailContext): RailFinding[];
}

export const SEVERITY_ORDER: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/** `a` is at least as severe as `b`. */
export function atLeast(a: Severity, b: Severity): boolean {
  return SEVERITY_ORDER.indexOf(a) >= SEVERITY_ORDER.indexOf(b);
}

/**
 * Removes exactly the findings' spans from `text`, each replaced by `[redacted:<kind>]`; overlapping
 * spans are merged first (the kind of the earlier one is kept). The rest of the text is untouched.
 */
export function redact(text: string, findings: readonly RailFinding[]): string {
  const spans = findings
    .flatMap((f) => f.spans.map(([start, end]) => ({ start: Math.max(0, start), end: Math.min(text.length, end), kind: f.kind })))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Array<{ start: number; end: number; kind: string }> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  let out = '';
  let at = 0;
  for (const span of merged) {
    out += `${text.slice(at, span.start)}[redacted:${span.kind}]`;
    at = span.end;
  }
  return out + text.slice(at);
}
