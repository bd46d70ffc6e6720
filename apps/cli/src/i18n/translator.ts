import type { Catalog, CatalogEntry, Language, MessageKey } from './catalog-types.js';

export type Params = Record<string, string | number>;

/** Translates a key with `{placeholder}` substitution and plural forms. */
export interface Translator {
  readonly lang: Language;
  (key: MessageKey, params?: Params): string;
  /** Whether the catalog (or its fallback) holds this key: for keys built from library codes. */
  has(key: string): key is MessageKey;
  /** Formats a number the way the language writes it. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function pick(entry: CatalogEntry, rules: Intl.PluralRules, params: Params): string {
  if (typeof entry === 'string') return entry;
  const count = params.count;
  if (typeof count !== 'number') return entry.other;
  const form = rules.select(count);
  return entry[form] ?? entry.other;
}

export function createTranslator(lang: Language, catalog: Catalog, fallback?: Catalog): Translator {
  const rules = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const t = ((key: MessageKey, params: Params = {}) => {
    const entry = catalog[key] ?? fallback?.[key];
    if (entry === undefined) return key;
    return pick(entry, rules, params).replace(PLACEHOLDER, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : value;
    });
  }) as Translator;
  Object.defineProperty(t, 'lang', { value: lang });
  t.has = (key: string): key is MessageKey => Object.hasOwn(catalog, key) || (fallback !== undefined && Object.hasOwn(fallback, key));
  t.number = (value, options) => (options ? new Intl.NumberFormat(lang, options).format(value) : numbers.format(value));
  return t;
}
