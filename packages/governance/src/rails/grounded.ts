import type { Detector, RailContext, RailFinding } from './rail-finding.js';
import { contentWords, sentencesOf } from './text-units.js';

export interface GroundedOptions {
  /** Share of the answer's claims (sentences with enough content words) that must be supported (default 0.6). */
  threshold?: number;
  /** Share of a sentence's content words found in the sources for it to count as supported (default 0.5). */
  minOverlap?: number;
  /** Sentences with fewer content words are not claims and are not counted (default 3). */
  minWords?: number;
}

/**
 * `grounded`: the share of answer sentences supported by the retrieved and tool text (lexical
 * overlap of content words, numbers included, so a changed figure is unsupported). Below
 * `threshold` it reports the unsupported sentences as spans. An answer with claims and no source
 * text at all is ungrounded. A heuristic, so confidence 0.6; a `groundedness` judge goes further.
 */
export function grounded(options: GroundedOptions = {}): Detector {
  const threshold = options.threshold ?? 0.6;
  const minOverlap = options.minOverlap ?? 0.5;
  const minWords = options.minWords ?? 3;
  return {
    name: 'grounded',
    check(text: string, context: RailContext = {}): RailFinding[] {
      const known = new Set((context.sources ?? []).flatMap(contentWords));
      const claims = sentencesOf(text)
        .map((s) => ({ s, words: [...new Set(contentWords(s.text))] }))
        .filter((c) => c.words.length >= minWords);
      if (claims.length === 0) return [];
      const unsupported = claims.filter((c) => c.words.filter((w) => known.has(w)).length / c.words.length < minOverlap);
      const share = (claims.length - unsupported.length) / claims.length;
      if (share >= threshold) return [];
      return [
        {
          rail: 'grounded',
          kind: 'unsupported_sentence',
          severity: 'medium',
          confidence: 0.6,
          spans: unsupported.map((c) => [c.s.start, c.s.end] as const),
          message: `Only ${Math.round(share * 100)}% of the answer's statements are supported by the retrieved or tool text (at least ${Math.round(threshold * 100)}% required); ${unsupported.length} statement${unsupported.length === 1 ? ' is' : 's are'} not.`,
        },
      ];
    },
  };
}
