/**
 * The error codes `@warden/governance` throws. Codes are public API: renaming
 * or removing one is a breaking change. All are `PolicyError`s except the
 * `config.*` ones (`ConfigError`s for bad options). The shell analyzer the gate
 * loads throws its own codes, listed by their owner: `SHELL_POLICY_ERROR_CODES`
 * (re-exported here from `@warden/shell-policy`).
 */
export const GOVERNANCE_ERROR_CODES = {
  'config.invalid': 'Options are invalid (createGate without a workspace or with an unknown mode, a bad redaction pattern, a bad guardrail option).',
  'config.unknown_key': 'A factory (createGate, guardrails, auditLog, the approvers, createRedactor, …) was given an option that does not exist; the message names it and says "did you mean".',
  'policy.invalid': 'A policy file, rule, condition or approval answer is invalid; the message names the line and field.',
  'policy.example_failed': 'A policy rule example does not hold; the message names the example.',
  'policy.approval_invalid': 'A stored approval does not verify: its arguments changed, its signature is wrong or missing, or its status was edited.',
  'policy.approval_not_found': 'No durable approval has that id (for that owner).',
  'policy.approval_closed': 'The approval was already answered.',
  'policy.approval_expired': 'The approval request expired and now counts as denied.',
  'policy.self_approval': 'The person a run acts for tried to approve their own request while selfApproval is false.',
  'policy.audit_corrupt': 'The audit trail ends with a line that is not an entry, so the chain cannot be continued.',
  'policy.data_refused': 'A model call was refused because it carried a data class the run\'s purpose does not allow and an on: data rule says deny.',
  'policy.residency_refused': 'No backend in the chain is in a region allowed for the data subject\'s jurisdiction, so the model call was refused.',
  'policy.dsar_incomplete': 'A data-subject erasure could not delete everything (a store failed, a deliverable has no workspace or lies outside it); the subject\'s key was kept so the erasure can be retried.',
  'policy.identity_widened': 'A delegated agent (sub-agent, handoff target, spawned agent, workflow step) declared a purpose wider than, or unrelated to, the identity above it.',
  'policy.tool_drift': 'A tool\'s schema fingerprint differs from its pin and governance says toolDrift: deny, so the tool was refused.',
  'policy.prohibited_use': 'An agent was declared for a domain or purpose the governance file lists as prohibited, so it was not built.',
  'policy.guardrail_violation': 'A guardrail was violated and onViolation is "fail".',
  'policy.tool_storm': 'A run asked for more tool calls within a few steps than the threat guard allows (a tool storm), so its tools were stopped.',
  'policy.tool_loop': 'A run asked for the same tool with the same arguments more times than the threat guard allows (a loop), so its tools were stopped.',
  'policy.runaway_delegation': 'Agents delegated to agents more times in one run tree than the threat guard allows, so the run was stopped.',
  'policy.tool_breaker_open': 'A tool failed several times in a row in a run, so its breaker is open and it is not called again in that run.',
  'policy.incident_invalid': 'An incident could not be opened: its cause, key or detection time is missing or invalid.',
  'policy.judge_failed': 'An LLM judge guardrail with onError "raise" failed: its model was unavailable or did not answer with a valid JSON verdict.',
} as const;

export type GovernanceErrorCode = keyof typeof GOVERNANCE_ERROR_CODES;
