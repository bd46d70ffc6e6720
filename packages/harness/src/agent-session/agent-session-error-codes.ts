/** Stable codes of `AgentSessionError`; pinned by a table test. */
export const AGENT_SESSION_ERROR_CODES = {
  'agent_session.invalid_options': 'createAgentSession was given a bad name or limit (the message names it).',
  'agent_session.state_too_large': 'A state snapshot is larger than maxStateSizeMb as JSON, or is not JSON.',
  'agent_session.snapshot_not_found': 'changes() named a snapshot label that was never taken.',
} as const;
export type AgentSessionErrorCode = keyof typeof AGENT_SESSION_ERROR_CODES;
