import type { MessageKey } from '../i18n/catalog-types.js';
import type { Params, Translator } from '../i18n/translator.js';

/** What the CLI shows of a library error: its message and hint in the run's language. */
export interface ErrorText {
  message: string;
  hint?: string;
  /** The library's own English message, kept as detail when the message was translated. */
  detail?: string;
}

/** The values a library error exposes that a translated message can name. */
function paramsOf(error: { provider?: unknown; status?: unknown }): Params {
  const params: Params = {};
  if (typeof error.provider === 'string') params.provider = error.provider;
  if (typeof error.status === 'number') params.status = error.status;
  return params;
}

/**
 * A library error (`code`, English `message` and `hint`) in the run's language: `code.<code>`
 * and `codeHint.<area>` from the catalogs. English keeps the library's own words (they name
 * more: the file, the line, the key); a code the catalogs do not know (a third-party plugin's)
 * keeps them in every language.
 */
export function describeError(error: { code: string; message: string; hint?: string; provider?: unknown; status?: unknown }, t: Translator): ErrorText {
  const key = `code.${error.code}`;
  // A library hint written for programmers (`list() shows…`) has the CLI's own words for a person.
  const cliHint = t.has(`cliHint.${error.code}`) ? t(`cliHint.${error.code}` as MessageKey) : undefined;
  if (t.lang === 'en' || !t.has(key)) {
    const hint = cliHint ?? error.hint;
    return { message: error.message, ...(hint ? { hint } : {}) };
  }
  const params = paramsOf(error);
  // `none` is the library's placeholder when no provider was selected, not a name to show.
  if (params.provider === undefined || params.provider === 'none') params.provider = t('code.someProvider');
  const area = error.code.split('.')[0] ?? '';
  const hintKey = `codeHint.${area}`;
  const hint = cliHint ?? (t.has(hintKey) ? t(hintKey, params) : t('hint.debug'));
  return { message: t(key, params), hint, detail: error.message };
}
