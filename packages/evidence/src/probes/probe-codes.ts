/** Codes a probe report carries for calls and assertions (returned, never thrown). Public API. */
export const PROBE_RESULT_CODES = {
  evidence_call_error: 'The target call threw; the call contributes nothing.',
  evidence_call_timeout: 'The target call ran past its timeout; the call contributes nothing.',
  evidence_invalid_result: 'The call returned something other than { output, error?, run_log?, evidence? }.',
  evidence_invalid_run_log: 'The call returned a run_log that is neither an event list nor { events, is_dry_run }; the call contributes nothing.',
  evidence_target_error: 'The call returned an `error`; the call contributes nothing.',
  evidence_missing_observation: 'An assertion needs an observation the probe did not make: the assertion is `error`, never a pass.',
  evidence_observation_type: 'An observation an assertion reads has the wrong shape: the assertion is `error`.',
  evidence_incomplete_observation: 'An observation says it is incomplete (a truncated trap request, an unreadable hosted round): the assertion is `error`.',
  evidence_unsupported_assertion: 'The assertion is deferred in vocabulary v1 (a2a_server, the description-change assertions, no_mcp_beacon_hit): `error`.',
  evidence_no_contact: 'No call of the probe returned a valid result, so the agent was never observed: the probe is `error`.',
  evidence_run_stopped: 'The target raised RunStopped: no further call or probe runs; the stop is recorded in the finalization.',
  evidence_target_finalized: 'The target was called after its finalization started: the call is rejected.',
  evidence_assertion_error: 'An assertion threw while reading evidence: `error`, with its name and the exception class.',
} as const;

export type ProbeResultCode = keyof typeof PROBE_RESULT_CODES;
