import { TAINT_RULE } from '@warden/protocol/policy';
import type { Decision } from '@warden/protocol';
import type { MessageKey } from '../i18n/catalog-types.js';
import type { Params, Translator } from '../i18n/translator.js';

const LEFT_OPEN = /\{\w+\}/;

/**
 * A gate decision's reason in the run's language, from its `rule` and `params`
 * (`rule.<id>.<effect>`, else `rule.<id>` in the catalogs). Rules the catalogs do not
 * know — a policy author's own names, a plugin's gate — and decisions recorded without
 * the values the message needs keep the library's English `reason`.
 */
export function describeDecision(decision: Pick<Decision, 'effect' | 'reason' | 'rule' | 'params'>, t: Translator): string {
  const key = [`rule.${decision.rule}.${decision.effect}`, `rule.${decision.rule}`].find((k) => t.has(k));
  if (key === undefined || !t.has(key)) return decision.reason;
  const params: Params = { ...decision.params };
  if (decision.rule === TAINT_RULE) {
    const because = `because.${String(params.because ?? 'unknown')}`;
    if (!t.has(because)) return decision.reason;
    const effectClass = params.effectClass;
    if (effectClass !== undefined && t.has(`effect.${String(effectClass)}`)) params.effectClassName = t(`effect.${String(effectClass)}` as MessageKey);
    params.because = t(because, params);
    params.source = params.source === '' || params.source === undefined ? t('because.noSource') : params.source;
  }
  const text = t(key, params);
  return LEFT_OPEN.test(text) ? decision.reason : text;
}
