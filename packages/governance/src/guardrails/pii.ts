export type PiiKind = 'card' | 'iban' | 'email' | 'phone';

/** Where a piece of personal data sits in a text: `text.slice(start, end)` is the value. */
export interface PiiSpan {
  kind: PiiKind;
  start: number;
  end: number;
}

export const PII_KINDS: readonly PiiKind[] = ['card', 'iban', 'email', 'phone'];

/** IBAN lengths by country (ISO 13616 registry, the common ones); others must be 15–34. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AT: 20, BE: 16, BG: 22, BH: 22, BR: 29, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18,
  FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IL: 23, IS: 26, IT: 27, KW: 30, KZ: 20, LB: 28, LI: 21, LT: 20,
  LU: 20, LV: 21, MC: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24, PL: 28, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SE: 24,
  SI: 19, SK: 24, SM: 27, TN: 24, TR: 26, UA: 29,
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes and lengths of the card networks in use; a Luhn-valid random number rarely fits. */
function plausibleCard(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p4 = Number(d.slice(0, 4));
  if (d.startsWith('4')) return n === 13 || n === 16 || n === 19;
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return n === 16;
  if (p2 === 34 || p2 === 37) return n === 15;
  if (d.startsWith('6011') || d.startsWith('65') || (p4 >= 6440 && p4 <= 6499) || d.startsWith('62')) return n >= 16 && n <= 19;
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19;
  if (p2 === 36 || p2 === 38 || (p4 >= 3000 && p4 <= 3059)) return n >= 14 && n <= 19;
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19;
  return false;
}

export function ibanValid(candidate: string): boolean {
  const iban = candidate.replace(/ /g, '');
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected !== undefined ? iban.length !== expected : iban.length < 15 || iban.length > 34) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return rest === 1;
}

function* matches(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    if (m[0].length === 0) re.lastIndex += 1;
  }
}

function cards(text: string): PiiSpan[] {
  const out: PiiSpan[] = [];
  const re = /(?<![\d.,-])\d(?:[ -]?\d){11,18}(?![\d-]|[.,]\d)/g;
  for (const m of matches(re, text)) {
    const digits = m[0].replace(/[ -]/g, '');
    const separators = new Set(m[0].replace(/\d/g, ''));
    if (separators.size <= 1 && luhnValid(digits) && plausibleCard(digits)) out.push({ kind: 'card', start: m.index, end: m.index + m[0].length });
    // A run such as `13 4222…` may hide a card number that starts later: look again from the next group.
    else if (separators.size > 0) re.lastIndex = m.index + m[0].search(/[ -]/) + 1;
  }
  return out;
}

function ibans(text: string): PiiSpan[] {
  const out: PiiSpan[] = [];
  for (const m of matches(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, text)) {
    let candidate = m[0];
    while (candidate.replace(/ /g, '').length >= 15) {
      if (ibanValid(candidate)) {
        out.push({ kind: 'iban', start: m.index, end: m.index + candidate.length });
        break;
      }
      const cut = candidate.lastIndexOf(' ');
      if (cut <= 4) break;
      candidate = candidate.slice(0, cut);
    }
  }
  return out;
}

function emails(text: string): PiiSpan[] {
  const out: PiiSpan[] = [];
  for (const m of matches(/(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-])/g, text)) {
    const after = text[m.index + m[0].length];
    // `git@github.com:org/repo` is an SSH address, not a person.
    if (after === ':' && /^git@/.test(m[0])) continue;
    out.push({ kind: 'email', start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function phones(text: string): PiiSpan[] {
  const out: PiiSpan[] = [];
  const international = /(?<![\w+])\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\w])/g;
  const national = /(?<![\w.+-])(?:\(\d{3}\) ?|\d{3}[-. ])\d{3}[-. ]\d{4}(?![\w.-])/g;
  for (const re of [international, national]) {
    for (const m of matches(re, text)) {
      const digits = m[0].replace(/\D/g, '').length;
      if (digits >= 8 && digits <= 15) out.push({ kind: 'phone', start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/**
 * Finds personal data: card numbers (Luhn-checked, issuer prefix and length), IBANs (mod-97 and
 * country length), email addresses and phone numbers (international `+…` and North-American forms).
 * Spans never overlap; earlier kinds in that list win.
 */
export function detectPii(text: string, kinds: readonly PiiKind[] = PII_KINDS): PiiSpan[] {
  const found: PiiSpan[] = [];
  const finders: Record<PiiKind, (t: string) => PiiSpan[]> = { card: cards, iban: ibans, email: emails, phone: phones };
  for (const kind of PII_KINDS) {
    if (!kinds.includes(kind)) continue;
    for (const span of finders[kind](text)) {
      if (!found.some((f) => span.start < f.end && f.start < span.end)) found.push(span);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Replaces only the values `detectPii` finds with `[redacted:<kind>]`. */
export function redactPii(text: string, kinds: readonly PiiKind[] = PII_KINDS): string {
  let out = text;
  for (const span of detectPii(text, kinds).reverse()) out = `${out.slice(0, span.start)}[redacted:${span.kind}]${out.slice(span.end)}`;
  return out;
}
