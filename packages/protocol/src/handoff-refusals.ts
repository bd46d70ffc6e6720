/**
 * Every code a refused handoff's `refusal.code` (on the `handoff` event) can carry, with its params.
 * The receipt's English `reason` starts with the same code (`run.max_handoffs: …`). Ids are public
 * API: front ends translate a refusal by its code. Records refused by the protocol's own checks carry
 * the error's code (`protocol.too_large`, `protocol.invalid_value`).
 */
export const HANDOFF_REFUSALS = Object.freeze({
  'run.max_handoffs': 'The run reached its limit of handoffs (params: limit).',
  'run.handoff_refused': 'A handoff was already granted in this step (params: to).',
  'handoff.blocked': 'An onHandoff hook refused the handoff (params: reason).',
  'handoff.unavailable': 'The receiving agent could not start: its `start` threw (params: reason).',
  'handoff.wrong_agent': 'The handoff is addressed to another agent (params: to, agent).',
  'protocol.too_large': 'The handoff record is larger than the protocol allows.',
  'protocol.invalid_value': 'The handoff record is not valid JSON or does not match the schema.',
} as const);

export type HandoffRefusal = keyof typeof HANDOFF_REFUSALS;
