/**
 * The error codes `@warden/eval` throws. Codes are public API: renaming or removing one is a
 * breaking change. All are `EvalError`s.
 */
export const EVAL_ERROR_CODES = {
  'eval.invalid_suite': 'A golden-task suite (YAML/JSON or code) is not valid: syntax, an unknown key, a duplicate or malformed task id, a task with no expectation, a bad regular expression. The message lists every problem.',
  'eval.invalid_results': 'A results file (a saved run or a baseline) is not valid JSON of results version 1.',
  'eval.invalid_step': 'A replay names a step the session does not have (steps count the session\'s model turns from 1).',
} as const;

export type EvalErrorCode = keyof typeof EVAL_ERROR_CODES;
