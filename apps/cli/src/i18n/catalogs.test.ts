import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Catalog, type CatalogEntry } from './catalog-types.js';
import { loadCatalog } from './load-catalog.js';
import { createTranslator } from './translator.js';

function placeholders(entry: CatalogEntry): string[] {
  const texts = typeof entry === 'string' ? [entry] : Object.values(entry).filter((v): v is string => typeof v === 'string');
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

describe('message catalogs', () => {
  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s has every key English has, and no other', async (lang) => {
    const en = await loadCatalog('en');
    const catalog: Catalog = await loadCatalog(lang);
    const missing = Object.keys(en).filter((key) => !(key in catalog));
    const extra = Object.keys(catalog).filter((key) => !(key in en));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s uses the same placeholders as English in every message', async (lang) => {
    const en = await loadCatalog('en');
    const catalog = await loadCatalog(lang);
    const mismatched = Object.entries(en)
      .filter(([key, entry]) => JSON.stringify(placeholders(entry)) !== JSON.stringify(placeholders(catalog[key as keyof Catalog])))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(LANGUAGES)('%s gives a form for every plural category its language uses', async (lang) => {
    const catalog = await loadCatalog(lang);
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const lacking: string[] = [];
    for (const [key, entry] of Object.entries(catalog)) {
      if (typeof entry === 'string') continue;
      for (const category of categories) if (category !== 'other' && !(category in entry) && category !== 'many') lacking.push(`${key}:${category}`);
    }
    expect(lacking).toEqual([]);
  });

  it('chooses plural forms by the language rules and fills placeholders', async () => {
    const en = createTranslator('en', await loadCatalog('en'));
    expect(en('render.steps', { count: 1 })).toBe('1 step');
    expect(en('render.steps', { count: 2 })).toBe('2 steps');
    expect(en('render.steps', { count: 0 })).toBe('0 steps');
    expect(en('render.tokens', { count: 12345 })).toBe('12,345 tokens');
    const fr = createTranslator('fr', await loadCatalog('fr'));
    expect(fr('render.steps', { count: 0 })).toBe('0 étape');
    expect(fr('render.steps', { count: 1 })).toBe('1 étape');
    expect(fr('render.steps', { count: 2 })).toBe('2 étapes');
    const hi = createTranslator('hi', await loadCatalog('hi'));
    expect(hi('render.result.lines', { count: 1 })).toBe('1 पंक्ति');
    expect(hi('render.result.lines', { count: 3 })).toBe('3 पंक्तियाँ');
    const es = createTranslator('es', await loadCatalog('es'));
    expect(es('error.unknownFlag', { flag: '--x' })).toBe('opción desconocida --x');
  });
});
