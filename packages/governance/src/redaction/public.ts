// Named re-exports for the package index (see src/index.ts).
export { createRedactor } from './redactor.js';
export type { Redactor, RedactorOptions, CustomSecretPattern, RedactionAfterToolContext } from './redactor.js';
export { isSecretName } from './secret-names.js';
export { redactEvent, redactText, redactApprovalRequest, redactMessage, redactRunResult } from './redact-event.js';
export type { TextRedactor, RedactableRunResult } from './redact-event.js';
export { createTextStreamRedactor } from './stream-redactor.js';
export type { TextStreamRedactor, TextStreamRedactorOptions } from './stream-redactor.js';
