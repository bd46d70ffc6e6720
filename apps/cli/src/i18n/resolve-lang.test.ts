import { describe, expect, it } from 'vitest';
import { languageOf, resolveLanguage } from './resolve-lang.js';

describe('resolveLanguage', () => {
  it('prefers --lang, then WARDEN_LANG, LC_ALL, LC_MESSAGES, LANG', () => {
    const env = { WARDEN_LANG: 'fr', LC_ALL: 'es_ES.UTF-8', LC_MESSAGES: 'hi_IN', LANG: 'en_US.UTF-8' };
    expect(resolveLanguage('hi', env)).toBe('hi');
    expect(resolveLanguage(undefined, env)).toBe('fr');
    expect(resolveLanguage(undefined, { ...env, WARDEN_LANG: undefined })).toBe('es');
    expect(resolveLanguage(undefined, { LC_MESSAGES: 'hi_IN', LANG: 'fr_FR' })).toBe('hi');
    expect(resolveLanguage(undefined, { LANG: 'fr_FR.UTF-8' })).toBe('fr');
    expect(resolveLanguage(undefined, {})).toBe('en');
  });

  it('falls back to English for C, POSIX and languages without a catalog', () => {
    expect(resolveLanguage(undefined, { LC_ALL: 'C.UTF-8', LANG: 'es_ES' })).toBe('en');
    expect(languageOf('de_DE')).toBeUndefined();
    expect(languageOf('POSIX')).toBeUndefined();
    expect(languageOf('es-MX')).toBe('es');
  });
});
