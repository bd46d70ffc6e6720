import { ConfigError, ToolError, type WardenErrorOptions } from '@warden/protocol';
import { AgentSessionError } from './agent-session/agent-session-error.js';
import { BudgetAlertError } from './cost/budget-alert-error.js';
import type { HarnessErrorCode } from './harness-error-codes.js';
import { TracingError } from './tracing/tracing-error.js';
import { SealError } from './records/seal-error.js';
import { AttachmentError } from './attachments/attachment-error.js';

/** The codes of one area that harness may throw, e.g. `HarnessCode<'config'>`. */
type HarnessCode<Area extends string> = Extract<HarnessErrorCode, `${Area}.${string}`>;

// Harness's only ways to build its errors: each takes a code of its area in HarnessErrorCode, so
// a typo or an unlisted code does not compile (ESLint forbids `new ConfigError` and the rest
// elsewhere in harness). Internal, not exported.
export const configError = (options: WardenErrorOptions<HarnessCode<'config'>>): ConfigError => new ConfigError(options);
export const toolError = (options: WardenErrorOptions<HarnessCode<'tool'>>): ToolError => new ToolError(options);
export const tracingError = (options: WardenErrorOptions<HarnessCode<'tracing'>>): TracingError => new TracingError(options);
export const budgetAlertError = (options: WardenErrorOptions<HarnessCode<'budget_alerts'>>): BudgetAlertError => new BudgetAlertError(options);
export const agentSessionError = (options: WardenErrorOptions<HarnessCode<'agent_session'>>): AgentSessionError => new AgentSessionError(options);
export const sealError = (options: WardenErrorOptions<HarnessCode<'seal'>>): SealError => new SealError(options);
export const attachmentError = (options: WardenErrorOptions<HarnessCode<'attachment'>>): AttachmentError => new AttachmentError(options);
