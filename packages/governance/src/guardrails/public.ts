// Named re-exports for the package index (see src/index.ts).
export { guardrails } from './guardrails.js';
export type {
  Guardrails,
  GuardrailsOptions,
  GuardrailViolation,
  GuardrailRule,
  CheckableResult,
  GuardrailBeforeToolContext,
  GuardrailAfterToolContext,
  GuardrailAfterModelContext,
} from './guardrails.js';
export { detectPii, redactPii, luhnValid, ibanValid, PII_KINDS } from './pii.js';
export type { PiiKind, PiiSpan } from './pii.js';
