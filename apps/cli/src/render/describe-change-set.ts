import { EFFECT_CLASS_ORDER } from '@warden/protocol/vocabulary';
import type { RunEventOf } from '@warden/protocol';
import type { MessageKey } from '../i18n/catalog-types.js';
import type { Translator } from '../i18n/translator.js';

/**
 * A run's change set as lines for a person (issue 34): the files it changed, grouped by effect class
 * (the most severe first), each with what approved it — so what the mode let through is reviewable
 * in one screen.
 */
export function describeChangeSet(event: RunEventOf<'change_set'>, t: Translator): string[] {
  if (event.changes.length === 0) return [t('render.changeSetNone')];
  const lines = [t('render.changeSet', { count: new Set(event.changes.map((c) => c.path)).size })];
  const order = [...EFFECT_CLASS_ORDER].reverse() as string[];
  const classes = [...new Set(event.changes.map((c) => c.effectClass))].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const cls of classes) {
    const name = t.has(`effect.${cls}`) ? t(`effect.${cls}` as MessageKey) : cls;
    lines.push(t('render.changeSetClass', { effectClassName: name }));
    for (const c of event.changes.filter((x) => x.effectClass === cls)) {
      const approvedBy = t.has(`render.approvedBy.${c.approvedBy}`) ? t(`render.approvedBy.${c.approvedBy}` as MessageKey) : c.approvedBy;
      lines.push(t('render.changeSetEntry', { path: c.path, tool: c.tool, approvedBy, rule: c.rule }));
    }
  }
  return lines;
}
