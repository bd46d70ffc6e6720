import type { RunEventOf } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';

const LEFT_OPEN = /\{\w+\}/;
/** A receipt's reason starts with its code (`run.max_handoffs: …`) by the protocol's convention. */
const CODE_PREFIX = /^([a-z_]+\.[a-z_]+): /;

/**
 * Why a handoff was refused, in the run's language: `handoffRefusal.<code>` with the event's
 * `refusal.params`. A receipt from an older producer gives only its reason; its code prefix is used
 * when the message needs no values. Otherwise the receipt's English reason is kept.
 */
export function describeHandoffRefusal(event: Pick<RunEventOf<'handoff'>, 'receipt' | 'refusal'>, t: Translator): string {
  const reason = event.receipt.reason ?? '';
  const code = event.refusal?.code ?? CODE_PREFIX.exec(reason)?.[1];
  const key = `handoffRefusal.${code ?? ''}`;
  if (code === undefined || !t.has(key)) return reason;
  const text = t(key, { ...event.refusal?.params });
  return LEFT_OPEN.test(text) ? reason : text;
}
