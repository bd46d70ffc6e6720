import type { Detector, RailFinding } from './rail-finding.js';
import { contentWords, sentencesOf } from './text-units.js';

export interface NoRepetitionOptions {
  /** A sentence said this many times is repetition (default 2: the second time is flagged). */
  maxSentenceRepeats?: number;
  /** A phrase of this many words… (default 4) */
  phraseWords?: number;
  /** …repeated back to back this many times is a loop (default 3). */
  phraseRepeats?: number;
}

/** `noRepetition`: the same sentence said again, or a phrase looping back to back (a degenerate model output). */
export function noRepetition(options: NoRepetitionOptions = {}): Detector {
  const maxRepeats = options.maxSentenceRepeats ?? 2;
  const n = options.phraseWords ?? 4;
  const loops = options.phraseRepeats ?? 3;
  return {
    name: 'noRepetition',
    check(text) {
      const out: RailFinding[] = [];
      const seen = new Map<string, number>();
      for (const s of sentencesOf(text)) {
        const key = s.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
        if (contentWords(key).length < 3) continue;
        const count = (seen.get(key) ?? 0) + 1;
        seen.set(key, count);
        if (count >= maxRepeats) out.push({ rail: 'noRepetition', kind: 'repeated_sentence', severity: 'low', confidence: 0.9, spans: [[s.start, s.end]], message: `A sentence is repeated ${count} times.` });
      }
      const words = [...text.matchAll(/\S+/g)].map((m) => ({ w: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
      for (let i = 0; i + n * loops <= words.length; i++) {
        let times = 1;
        while (i + n * (times + 1) <= words.length && words.slice(i + n * times, i + n * (times + 1)).every((w, k) => w.w === words[i + k]!.w)) times += 1;
        if (times >= loops) {
          out.push({ rail: 'noRepetition', kind: 'phrase_loop', severity: 'medium', confidence: 0.95, spans: [[words[i + n]!.start, words[i + n * times - 1]!.end]], message: `A ${n}-word phrase repeats ${times} times in a row.` });
          i += n * times - 1;
        }
      }
      return out.sort((a, b) => a.spans[0]![0] - b.spans[0]![0]);
    },
  };
}

/** What counts as a citation: a numbered or footnote reference, a link, a `Source:` line, a `file:line`. */
const CITATION = /\[\^?\d{1,3}\]|\bhttps?:\/\/\S+|\b(?:source|sources|ref|reference|according to|cited from|see)\s*[:(]|\(\s*(?:source|see|ref)\b|[\w./-]+\.[a-z]{1,5}:\d+\b|\[[^\]\n]{1,80}\]\([^)\s]+\)/i;

export interface RequireCitationOptions {
  /** Extra patterns that count as a citation. */
  patterns?: readonly RegExp[];
}

/** `requireCitation`: the answer cites at least one source. Its finding has no spans (nothing to remove: something is missing). */
export function requireCitation(options: RequireCitationOptions = {}): Detector {
  const patterns = [CITATION, ...(options.patterns ?? [])];
  return {
    name: 'requireCitation',
    check(text) {
      if (patterns.some((re) => new RegExp(re.source, re.flags.replace('g', '')).test(text))) return [];
      return [{ rail: 'requireCitation', kind: 'no_citation', severity: 'medium', confidence: 1, spans: [], message: 'The answer cites nothing; give the source for each claim, or say you could not find one.' }];
    },
  };
}
