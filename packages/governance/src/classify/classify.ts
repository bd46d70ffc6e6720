import { detectPii } from '../guardrails/pii.js';
import { DATA_CLASSES, DATA_CLASS_SEVERITY, type DataClass, type ExactDataClass, type Severity } from './data-classes.js';
import { euVatValid } from './eu-vat.js';
import { aadhaarValid, cnResidentIdValid, emiratesIdValid, saudiIdValid, sgNricValid, usSsnValid } from './national-ids.js';
import { SPECIAL_CATEGORIES, screenSpecialCategories } from './special-categories.js';

/** One piece of classified data: `text.slice(start, end)` is the value. */
export interface Finding {
  class: DataClass;
  severity: Severity;
  /** 0–1: a check digit that holds is strong evidence; a keyword is weak. */
  confidence: number;
  start: number;
  end: number;
}

interface Candidate {
  pattern: RegExp;
  valid: (value: string) => boolean;
  confidence: number;
}

// Boundaries: a value must not be glued to more letters or digits, or it is part of something else.
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
const re = (body: string): RegExp => new RegExp(`${B}${body}${E}`, 'gu');

/**
 * Candidates by shape, confirmed by their check. Confidence reflects what the check rules out:
 * Luhn alone lets one random number in ten through, Verhoeff and mod 11 fewer, a shape nothing.
 */
const CANDIDATES: Record<Exclude<ExactDataClass, 'card' | 'iban' | 'email' | 'phone'>, Candidate> = {
  aadhaar: { pattern: re('[2-9]\\d{3}[ -]?\\d{4}[ -]?\\d{4}'), valid: aadhaarValid, confidence: 0.95 },
  sg_nric: { pattern: re('[STFGstfg]\\d{7}[A-Za-z]'), valid: sgNricValid, confidence: 0.95 },
  emirates_id: { pattern: re('784-?\\d{4}-?\\d{7}-?\\d'), valid: emiratesIdValid, confidence: 0.97 },
  saudi_id: { pattern: re('[12]\\d{9}'), valid: saudiIdValid, confidence: 0.85 },
  cn_resident_id: { pattern: re('[1-8]\\d{16}[\\dXx]'), valid: cnResidentIdValid, confidence: 0.97 },
  us_ssn: { pattern: re('\\d{3}([- ])\\d{2}\\1\\d{4}'), valid: usSsnValid, confidence: 0.8 },
  eu_vat: { pattern: re('(?:AT|BE|DE|DK|ES|FI|FR|IT|LU|NL|PL|PT|SE) ?(?:U\\d{8}|\\d{9}B\\d{2}|\\d{8}[A-Z]|\\d{8,12})'), valid: euVatValid, confidence: 0.9 },
};

const PII_CONFIDENCE = { card: 0.97, iban: 0.99, email: 0.95, phone: 0.7 } as const;

/**
 * Classifies `text`: the exact detectors (check digits, not shapes alone) and, at confidence
 * 0.5, the special-category keyword screen. Exact findings never overlap (the more confident
 * wins); keyword findings may sit inside them. Sorted by position.
 */
export function classifyText(text: string, classes: readonly DataClass[] = DATA_CLASSES): Finding[] {
  const wanted = new Set(classes);
  const exact: Finding[] = [];
  const add = (cls: DataClass, confidence: number, start: number, end: number): void => {
    exact.push({ class: cls, severity: DATA_CLASS_SEVERITY[cls], confidence, start, end });
  };
  const pii = (['card', 'iban', 'email', 'phone'] as const).filter((k) => wanted.has(k));
  for (const span of detectPii(text, pii)) add(span.kind, PII_CONFIDENCE[span.kind], span.start, span.end);
  for (const [cls, candidate] of Object.entries(CANDIDATES) as Array<[ExactDataClass, Candidate]>) {
    if (!wanted.has(cls)) continue;
    candidate.pattern.lastIndex = 0;
    for (let m = candidate.pattern.exec(text); m; m = candidate.pattern.exec(text)) {
      if (candidate.valid(m[0])) add(cls, candidate.confidence, m.index, m.index + m[0].length);
    }
  }
  const kept = withoutOverlaps(exact);
  const special = SPECIAL_CATEGORIES.filter((c) => wanted.has(c));
  for (const hit of screenSpecialCategories(text, special)) {
    kept.push({ class: hit.category, severity: DATA_CLASS_SEVERITY[hit.category], confidence: 0.5, start: hit.start, end: hit.end });
  }
  return kept.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Most confident first, then longest: a Luhn-valid card is not also a Saudi ID inside it. */
function withoutOverlaps(findings: Finding[]): Finding[] {
  const ranked = [...findings].sort((a, b) => b.confidence - a.confidence || b.end - b.start - (a.end - a.start));
  const kept: Finding[] = [];
  for (const f of ranked) if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  return kept;
}
