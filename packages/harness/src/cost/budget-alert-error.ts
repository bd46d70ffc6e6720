import { WardenError, type WardenErrorOptions } from '@warden/protocol';
import type { BudgetAlertErrorCode } from './budget-alert-error-codes.js';

const BRAND = Symbol.for('warden.error.budget_alerts');

/** Budget alerts were set up wrongly. Codes start with `budget_alerts.`; messages never hold a webhook's secret or URL credentials. */
export class BudgetAlertError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: BudgetAlertErrorCode }) {
    super(options);
    this.name = 'BudgetAlertError';
  }

  static override isInstance(value: unknown): value is BudgetAlertError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
