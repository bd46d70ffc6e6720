import type { ErrorCode } from '@warden/protocol';

/**
 * The protocol error codes core builds its own errors with (through coded-errors.ts). Core has
 * no codes of its own: each is one of `ERROR_CODES`, and the `satisfies` keeps it so. Errors that
 * reach callers through protocol helpers are not listed here: `config.unknown_key`
 * (strictOptions), `protocol.unsupported_version` (assertSpecificationVersion) and
 * `internal.unexpected` (errorCodeOf, on run and tool results).
 */
export const CORE_ERROR_CODES = [
  'config.invalid',
  'tool.invalid_definition',
  'tool.duplicate_name',
  'provider.bad_response',
  'session.version_conflict',
  'session.io',
  'policy.approval_invalid',
  'run.budget_exceeded',
  'run.max_handoffs',
  'run.handoff_refused',
  'run.max_runtime_agents',
  'run.spawn_refused',
  'run.structured_output_failed',
] as const satisfies readonly ErrorCode[];

export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];
