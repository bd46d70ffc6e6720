import type { ErrorCode } from '@warden/protocol';
import type { ToolErrorCode } from '@warden/tools';
import type { AgentSessionErrorCode } from './agent-session/agent-session-error-codes.js';
import type { BudgetAlertErrorCode } from './cost/budget-alert-error-codes.js';
import type { TracingErrorCode } from './tracing/tracing-error-codes.js';
import type { SealErrorCode } from './records/seal-error-codes.js';
import type { AttachmentErrorCode } from './attachments/attachment-error-codes.js';

/**
 * The codes of other packages' tables that harness builds errors with: bad options (the
 * protocol's config codes) and a configured MCP server that did not start (@warden/tools' code).
 * Harness's own codes are in TRACING_ERROR_CODES, BUDGET_ALERT_ERROR_CODES and AGENT_SESSION_ERROR_CODES.
 */
export const HARNESS_SHARED_CODES = ['config.invalid', 'config.unknown_key', 'tool.mcp_connect_failed'] as const satisfies readonly (ErrorCode | ToolErrorCode)[];

/** Every code harness builds an error with (coded-errors.ts takes nothing else). */
export type HarnessErrorCode = AttachmentErrorCode | TracingErrorCode | SealErrorCode | BudgetAlertErrorCode | AgentSessionErrorCode | (typeof HARNESS_SHARED_CODES)[number];
