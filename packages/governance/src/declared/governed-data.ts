import { DATA_CLASSES, type DataClass } from '../classify/data-classes.js';
import { dataProtection, type DataProtection, type DataTreatment } from '../privacy/data-protection.js';
import { decideData } from './decide.js';
import type { DecisionSink } from './decision-record.js';
import type { EffectiveGovernance } from './effective-governance.js';

/**
 * Data protection for a run with `purpose`, as the declared governance says: the classes the
 * purpose allows reach the model, the rest are pseudonymised, or redacted or refused where an
 * `on: data` rule says so. What was treated is recorded with the policy version (classes and
 * counts, never values); `mode: monitor` records without changing the request.
 */
export function governedDataProtection(governance: EffectiveGovernance, purpose: string | undefined, options: { onDecision?: DecisionSink; key?: string | Uint8Array } = {}): DataProtection {
  const allow: DataClass[] = [];
  const treatments: Partial<Record<DataClass, DataTreatment | 'deny'>> = {};
  const rulesOf = new Map<DataClass, string[]>();
  for (const cls of DATA_CLASSES) {
    const verdict = decideData(governance, purpose, cls);
    if (verdict.effect === 'allow') allow.push(cls);
    else treatments[cls] = verdict.effect;
    if (verdict.rules.length > 0) rulesOf.set(cls, verdict.rules);
  }
  return dataProtection({
    purpose: purpose ?? '(none)',
    allow,
    treatments,
    monitor: governance.mode === 'monitor',
    ...(options.key !== undefined ? { key: options.key } : {}),
    onTreated(treated) {
      const classes = Object.keys(treated.classes) as DataClass[];
      options.onDecision?.({
        subject: 'data',
        effect: classes.map((c) => `${c}:${treatments[c] ?? 'allow'}`).join(', '),
        enforced: treated.enforced,
        rules: [...new Set(classes.flatMap((c) => rulesOf.get(c) ?? []))],
        policyVersion: governance.version,
        runId: treated.runId,
        detail: { purpose: treated.purpose, step: treated.step, classes: treated.classes },
      });
    },
  });
}
