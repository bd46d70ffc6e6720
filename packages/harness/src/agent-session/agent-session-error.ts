import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.agent_session');

/** Stable codes of `AgentSessionError`; pinned by a table test. */
export const AGENT_SESSION_ERROR_CODES = {
  'agent_session.invalid_options': 'createAgentSession was given a bad name or limit (the message names it).',
  'agent_session.state_too_large': 'A state snapshot is larger than maxStateSizeMb as JSON, or is not JSON.',
  'agent_session.snapshot_not_found': 'changes() named a snapshot label that was never taken.',
} as const;
export type AgentSessionErrorCode = keyof typeof AGENT_SESSION_ERROR_CODES;

/** An agent session bundle was misused. Codes start with `agent_session.`. */
export class AgentSessionError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: AgentSessionErrorCode }) {
    super(options);
    this.name = 'AgentSessionError';
  }

  static override isInstance(value: unknown): value is AgentSessionError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
