/**
 * Stable codes of errors this package throws. Public API: a table test pins them.
 * (Evidence *validation* results use the probe vocabulary codes in
 * EVIDENCE_VALIDATION_CODES instead; those are returned, never thrown.)
 */
export const EVIDENCE_ERROR_CODES = {
  'evidence.invalid_case': 'A case definition is invalid (id, schedules, timeout).',
  'evidence.invalid_pack': 'A pack definition is invalid or holds duplicate ids.',
  'evidence.pack_load_failed': 'A pack module could not be found, imported or validated.',
  'evidence.nothing_selected': 'The selectors match no case (or no case for this schedule).',
  'evidence.unknown_environment': 'The requested environment exists in no selected pack and no config.',
  'evidence.invalid_options': 'Runner options are invalid (durations, repeat, pass rate).',
  'evidence.invalid_report': 'A report document does not match the report schema.',
  'evidence.invalid_target': 'A probe target file is invalid or names a function that does not exist.',
  'evidence.local_target_refused': 'A probe server was sent a local code target (module, python): run it with `warden probe run --local`.',
  'evidence.mcp_sdk_missing': 'An mcp target needs the optional peer @modelcontextprotocol/sdk, which is not installed.',
  'evidence.target_finalize_failed': 'Probe target cleanup or close failed, or left open records.',
  'evidence.invalid_dash_file': 'A dashboard file is missing, unreadable or invalid.',
  'evidence.push_failed': 'The dashboard refused the report or could not be reached.',
  'evidence.case_timeout': 'A case ran past its timeout (reported in the case, not thrown).',
  'evidence.case_threw': 'A case threw an exception (reported in the case, not thrown).',
  'evidence.prerequisite_missing': 'A case needed an environment value that is missing: the case fails, it does not skip.',
  'evidence.pack_test_failed': 'A PackTester scenario did not turn out as declared (a case or probe passed where it must fail, or the reverse).',
  'evidence.invalid_state': 'A state snapshot is not JSON-like or a label is unknown.',
  'evidence.cleanup_state_unknown': 'A probe target session\'s cleanup report was read before finalization finished or after cleanup failed.',
} as const;

export type EvidenceErrorCode = keyof typeof EVIDENCE_ERROR_CODES;
