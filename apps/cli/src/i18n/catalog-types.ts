import type { en } from './en.js';

/** A message with plural forms chosen by `Intl.PluralRules` on the `count` parameter. */
export interface PluralEntry {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/** A message: text with `{name}` placeholders, or plural forms of it. */
export type CatalogEntry = string | PluralEntry;

export type MessageKey = keyof typeof en;

/** Every language must hold every key English has (the type and a test both check it). */
export type Catalog = Record<MessageKey, CatalogEntry>;

export const LANGUAGES = ['en', 'es', 'hi', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
