import { isLanguage, type Language } from './catalog-types.js';

/** `es_ES.UTF-8` → `es`; `C`, `POSIX` and unknown languages → undefined. */
export function languageOf(value: string | undefined): Language | undefined {
  if (!value) return undefined;
  const code = value.split(/[_.@-]/)[0]?.toLowerCase() ?? '';
  return isLanguage(code) ? code : undefined;
}

/**
 * The language to speak: `--lang`, then `WARDEN_LANG`, then the POSIX locale
 * variables in their order of precedence (`LC_ALL`, `LC_MESSAGES`, `LANG`).
 * The first one that is set decides; a language without a catalog means English.
 */
export function resolveLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): Language {
  if (flag) return languageOf(flag) ?? 'en';
  for (const name of ['WARDEN_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value) return languageOf(value) ?? 'en';
  }
  return 'en';
}
