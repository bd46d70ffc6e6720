import { classifyText } from '../classify/classify.js';
import { EXACT_DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { createRedactor, type RedactorOptions } from '../redaction/redactor.js';
import { injectionSignalSpans } from '../taint/injection-signals.js';
import type { Detector, RailFinding } from './rail-finding.js';
import { secretSpans } from './secret-spans.js';
import { TOXIC_SEVERITY, TOXIC_WORDS } from './toxic-words.js';

export interface NoPiiOptions {
  /** Data classes to look for (default: the exact ones — check digits and formats, no keyword screens). */
  classes?: readonly DataClass[];
  /** Findings below this confidence are ignored (default 0). */
  minConfidence?: number;
}

/** `noPii`: personal data by the exact classifier (cards by Luhn, IBAN by mod 97, national IDs by their check digits, …). */
export function noPii(options: NoPiiOptions = {}): Detector {
  const classes = options.classes ?? EXACT_DATA_CLASSES;
  const min = options.minConfidence ?? 0;
  return {
    name: 'noPii',
    check(text) {
      return classifyText(text, classes)
        .filter((f) => f.confidence >= min)
        .map((f) => ({ rail: 'noPii', kind: f.class, severity: f.severity, confidence: f.confidence, spans: [[f.start, f.end] as const], message: `The text contains personal data (${f.class.replace(/_/g, ' ')}).` }));
    },
  };
}

/** `noSecrets`: credentials by the redactor's formats (the one owner of secret patterns), with exact spans. */
export function noSecrets(options: Pick<RedactorOptions, 'env' | 'patterns'> = {}): Detector {
  const redactor = createRedactor(options);
  return {
    name: 'noSecrets',
    check(text) {
      return secretSpans(redactor, text).map((s) => ({ rail: 'noSecrets', kind: s.kind, severity: 'critical', confidence: 0.95, spans: [[s.start, s.end] as const], message: `The text contains a secret (${s.kind}).` }));
    },
  };
}

/** `noInjection`: the taint detector's prompt-injection signals, each with where it matched. */
export function noInjection(): Detector {
  return {
    name: 'noInjection',
    check(text) {
      return injectionSignalSpans(text).map((s) => ({ rail: 'noInjection', kind: s.id, severity: 'high', confidence: 0.8, spans: [[s.start, s.end] as const], message: `The text ${s.kind}.` }));
    },
  };
}

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface NotToxicOptions {
  /** Extra words or phrases (counted as `abuse`). */
  words?: readonly string[];
}

/**
 * `notToxic`: a word-list screen (see `TOXIC_WORDS`), not a classifier — whole words in any case.
 * Confidence 0.7: a listed word is usually abuse, but quoting one is not.
 */
export function notToxic(options: NotToxicOptions = {}): Detector {
  const lists = { ...TOXIC_WORDS, abuse: [...TOXIC_WORDS.abuse, ...(options.words ?? [])] };
  const screens = (Object.keys(lists) as Array<keyof typeof TOXIC_WORDS>).map((group) => ({
    group,
    re: new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...lists[group]].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu'),
  }));
  return {
    name: 'notToxic',
    check(text) {
      const out: RailFinding[] = [];
      for (const { group, re } of screens) {
        re.lastIndex = 0;
        for (let m = re.exec(text); m; m = re.exec(text)) {
          out.push({ rail: 'notToxic', kind: group, severity: TOXIC_SEVERITY[group], confidence: 0.7, spans: [[m.index, m.index + m[0].length]], message: `The text contains ${group === 'abuse' ? 'abusive language' : group === 'threat' ? 'a threat' : 'a slur'} (word-list screen).` });
        }
      }
      return out.sort((a, b) => a.spans[0]![0] - b.spans[0]![0]);
    },
  };
}
