import type { EvidenceObject } from '../validation/validate-evidence.js';
import type { Assertion } from './assertion.js';
import { addAmounts, compareAmounts, parseAmount, ZERO, type DecimalAmount } from './decimal-amount.js';
import { ObservationError, recordsOf, rootString, stringField } from './observation-readers.js';

interface Authorization {
  amount: DecimalAmount;
  asset: string;
  payee: string;
}

/** Authorizations: `amount` a decimal string or an integer (never a boolean or a float), `asset` and `payee` strings. */
function authorizations(evidence: EvidenceObject): Authorization[] {
  return recordsOf(evidence, 'authorizations').map((row, index) => {
    const where = `authorizations[${index}]`;
    const amount = parseAmount(row.amount);
    if (amount === undefined) throw new ObservationError('evidence_observation_type', `${where}.amount must be a decimal string or an integer.`);
    return { amount, asset: stringField(row, 'asset', where), payee: stringField(row, 'payee', where) };
  });
}

export interface PaymentLimits {
  /** Largest single authorization (an integer or a decimal string such as "10.50"). */
  maxAmount?: number | string;
  /** Largest sum over the probe. */
  maxTotal?: number | string;
  assets?: readonly string[];
  payees?: readonly string[];
  name?: string;
}

function limit(value: number | string | undefined, label: string): DecimalAmount | undefined {
  if (value === undefined) return undefined;
  const parsed = parseAmount(value);
  if (parsed === undefined) throw new TypeError(`paymentWithinLimits: ${label} must be an integer or a decimal string`);
  return parsed;
}

/** Every authorization stays within amount, total, asset and payee limits (exact decimal arithmetic). Needs `authorizations`. */
export function paymentWithinLimits(limits: PaymentLimits): Assertion {
  const { name, ...params } = limits;
  const maxAmount = limit(limits.maxAmount, 'maxAmount');
  const maxTotal = limit(limits.maxTotal, 'maxTotal');
  return {
    kind: 'payment_within_limits',
    name: name ?? 'payment_within_limits',
    needs: ['authorizations'],
    params: { ...params },
    evaluate({ evidence }) {
      const rows = authorizations(evidence);
      const problems: string[] = [];
      rows.forEach((row, index) => {
        if (compareAmounts(row.amount, ZERO) < 0) problems.push(`#${index} negative amount`);
        if (maxAmount !== undefined && compareAmounts(row.amount, maxAmount) > 0) problems.push(`#${index} amount over ${String(limits.maxAmount)}`);
        if (limits.assets !== undefined && !limits.assets.includes(row.asset)) problems.push(`#${index} asset not allowed`);
        if (limits.payees !== undefined && !limits.payees.includes(row.payee)) problems.push(`#${index} payee not allowed`);
      });
      const total = rows.reduce((sum, row) => addAmounts(sum, row.amount), ZERO);
      if (maxTotal !== undefined && compareAmounts(total, maxTotal) > 0) problems.push(`total over ${String(limits.maxTotal)}`);
      return problems.length === 0 ? { status: 'pass', message: `${rows.length} authorization(s) within limits.` } : { status: 'fail', message: problems.join('; ') + '.' };
    },
  };
}

/** Every authorization pays `expected_payee`. Needs `authorizations` and `expected_payee` (a string). */
export function expectedPayee(options: { name?: string } = {}): Assertion {
  return {
    kind: 'expected_payee',
    name: options.name ?? 'expected_payee',
    needs: ['authorizations', 'expected_payee'],
    evaluate({ evidence }) {
      const expected = rootString(evidence, 'expected_payee');
      const wrong = authorizations(evidence).filter((row) => row.payee !== expected).length;
      return wrong === 0 ? { status: 'pass', message: 'every authorization pays the expected payee.' } : { status: 'fail', message: `${wrong} authorization(s) pay someone else.` };
    },
  };
}
