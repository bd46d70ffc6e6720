/** Stable codes of `BudgetAlertError`; pinned by a table test. */
export const BUDGET_ALERT_ERROR_CODES = {
  'budget_alerts.invalid_budget': 'A budget has no positive `usd`, an unknown scope, or a threshold that is not a fraction above 0.',
  'budget_alerts.invalid_webhook': 'A webhook has a URL that is not http(s), or no secret to sign with.',
  'budget_alerts.invalid_state': 'The state file cannot be read or is not a budget-alert state file.',
} as const;
export type BudgetAlertErrorCode = keyof typeof BUDGET_ALERT_ERROR_CODES;
