/** Codes a probe report carries for calls and assertions (returned, never thrown). Public API. */
export const PROBE_RESULT_CODES = {
  evidence_call_error: 'The target call threw; the call contributes nothing.',
  evidence_call_timeout: 'The target call ran past its timeout; the call contributes nothing.',
  evidence_invalid_result: 'The call returned something other than { output, error?, run_log?, evidence? }.',
  evidence_target_error: 'The call returned an `error`; the call contributes nothing.',
  evidence_missing_observation: 'An assertion needs an observation the probe did not make: the assertion is `error`, never a pass.',
  evidence_observation_type: 'An observation an assertion reads has the wrong shape: the assertion is `error`.',
  evidence_assertion_error: 'An assertion threw while reading evidence: `error`, with its name and the exception class.',
} as const;

export type ProbeResultCode = keyof typeof PROBE_RESULT_CODES;
