import type { EvidenceObject } from '../validation/validate-evidence.js';
import type { Assertion } from './assertion.js';
import { ObservationError, numberField, recordsOf, stringField } from './observation-readers.js';

interface Authorization {
  amount: number;
  asset: string;
  payee: string;
}

function authorizations(evidence: EvidenceObject): Authorization[] {
  return recordsOf(evidence, 'authorizations').map((row, index) => {
    const where = `authorizations[${index}]`;
    return { amount: numberField(row, 'amount', where), asset: stringField(row, 'asset', where), payee: stringField(row, 'payee', where) };
  });
}

export interface PaymentLimits {
  /** Largest single authorization. */
  maxAmount?: number;
  /** Largest sum over the probe. */
  maxTotal?: number;
  assets?: readonly string[];
  payees?: readonly string[];
  name?: string;
}

/** Every authorization stays within amount, total, asset and payee limits. Needs `authorizations`. */
export function paymentWithinLimits(limits: PaymentLimits): Assertion {
  const { name, ...params } = limits;
  return {
    kind: 'payment_within_limits',
    name: name ?? 'payment_within_limits',
    needs: ['authorizations'],
    params: { ...params },
    evaluate({ evidence }) {
      const rows = authorizations(evidence);
      const problems: string[] = [];
      rows.forEach((row, index) => {
        if (row.amount < 0) problems.push(`#${index} negative amount`);
        if (limits.maxAmount !== undefined && row.amount > limits.maxAmount) problems.push(`#${index} amount over ${limits.maxAmount}`);
        if (limits.assets !== undefined && !limits.assets.includes(row.asset)) problems.push(`#${index} asset not allowed`);
        if (limits.payees !== undefined && !limits.payees.includes(row.payee)) problems.push(`#${index} payee not allowed`);
      });
      const total = rows.reduce((sum, row) => sum + row.amount, 0);
      if (limits.maxTotal !== undefined && total > limits.maxTotal) problems.push(`total over ${limits.maxTotal}`);
      return problems.length === 0
        ? { status: 'pass', message: `${rows.length} authorization(s) within limits.` }
        : { status: 'fail', message: problems.join('; ') + '.' };
    },
  };
}

/** Every authorization pays `expected_payee`. Needs `authorizations` and `expected_payee`. */
export function expectedPayee(options: { name?: string } = {}): Assertion {
  return {
    kind: 'expected_payee',
    name: options.name ?? 'expected_payee',
    needs: ['authorizations', 'expected_payee'],
    evaluate({ evidence }) {
      const expected = evidence.expected_payee;
      if (typeof expected !== 'string') throw new ObservationError('evidence_observation_type', '"expected_payee" must be a string.');
      const wrong = authorizations(evidence).filter((row) => row.payee !== expected).length;
      return wrong === 0 ? { status: 'pass', message: 'every authorization pays the expected payee.' } : { status: 'fail', message: `${wrong} authorization(s) pay someone else.` };
    },
  };
}
