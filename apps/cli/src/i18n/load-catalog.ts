import type { Catalog, Language } from './catalog-types.js';
import { createTranslator, type Translator } from './translator.js';

/** Loads only the catalog a run speaks (and English as the fallback). */
export async function loadCatalog(lang: Language): Promise<Catalog> {
  switch (lang) {
    case 'es':
      return (await import('./es.js')).es;
    case 'hi':
      return (await import('./hi.js')).hi;
    case 'fr':
      return (await import('./fr.js')).fr;
    default:
      return (await import('./en.js')).en;
  }
}

export async function loadTranslator(lang: Language): Promise<Translator> {
  const catalog = await loadCatalog(lang);
  const fallback = lang === 'en' ? undefined : await loadCatalog('en');
  return createTranslator(lang, catalog, fallback);
}
