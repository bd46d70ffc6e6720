import type { TaintSource } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';

const LEFT_OPEN = /\{\w+\}/;

/**
 * Why a run became tainted, in the run's language: `taint.<reasonId>` from the catalogs with the
 * note's `params`. A note without an id (an older session, a third-party hook), an id the catalogs
 * do not know, or one missing the values its message needs keeps the library's English `reason`.
 */
export function describeTaint(note: Pick<TaintSource, 'reason' | 'reasonId' | 'params'>, t: Translator): string {
  const key = `taint.${note.reasonId ?? ''}`;
  if (note.reasonId === undefined || !t.has(key)) return note.reason;
  const text = t(key, { ...note.params });
  return LEFT_OPEN.test(text) ? note.reason : text;
}
