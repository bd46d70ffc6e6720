/**
 * GDPR Art. 9 special categories by a keyword screen. Words are evidence, not proof ("cancer"
 * may be a star sign), so findings carry a low confidence and a policy decides what to do.
 * The lists are English with the commonest Spanish, French and German terms; they are a screen,
 * stated as such, not a classifier.
 */
export const SPECIAL_CATEGORY_WORDS = {
  health: ['diagnosis', 'diagnosed', 'hiv', 'cancer', 'diabetes', 'diabetic', 'pregnant', 'pregnancy', 'depression', 'chemotherapy', 'prescription', 'medication', 'disability', 'psychiatric', 'diagnóstico', 'embarazada', 'diagnostic', 'enceinte', 'krankheit', 'schwanger'],
  religion: ['religion', 'religious', 'muslim', 'christian', 'jewish', 'hindu', 'buddhist', 'atheist', 'catholic', 'protestant', 'religión', 'religieux', 'religiös'],
  political: ['political party', 'party member', 'voted for', 'political opinion', 'partido político', 'parti politique'],
  trade_union: ['trade union', 'union member', 'labour union', 'labor union', 'sindicato', 'syndicat', 'gewerkschaft'],
  sexual_orientation: ['gay', 'lesbian', 'bisexual', 'homosexual', 'transgender', 'sexual orientation', 'orientación sexual', 'orientation sexuelle'],
  ethnic_origin: ['ethnic origin', 'ethnicity', 'racial origin', 'race:', 'origen étnico', 'origine ethnique'],
  genetic: ['genetic test', 'genome', 'dna test', 'brca', 'genetic'],
  biometric: ['fingerprint', 'face template', 'facial recognition', 'iris scan', 'voiceprint', 'biometric'],
} as const;

export type SpecialCategory = keyof typeof SPECIAL_CATEGORY_WORDS;
export const SPECIAL_CATEGORIES = Object.keys(SPECIAL_CATEGORY_WORDS) as SpecialCategory[];

const escape = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regular expression per category: whole words, any case. */
const SCREENS = new Map<SpecialCategory, RegExp>(
  SPECIAL_CATEGORIES.map((category) => [category, new RegExp(`(?<![\\p{L}\\p{N}])(?:${SPECIAL_CATEGORY_WORDS[category].map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu')]),
);

export interface KeywordHit {
  category: SpecialCategory;
  start: number;
  end: number;
}

/** Every keyword of the given categories found in `text`. */
export function screenSpecialCategories(text: string, categories: readonly SpecialCategory[]): KeywordHit[] {
  const hits: KeywordHit[] = [];
  for (const category of categories) {
    const re = SCREENS.get(category) as RegExp;
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) hits.push({ category, start: m.index, end: m.index + m[0].length });
  }
  return hits;
}
