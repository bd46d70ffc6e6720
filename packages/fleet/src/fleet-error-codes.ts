/**
 * The error codes `@warden/fleet` throws or fails jobs with. Codes are public API: renaming or
 * removing one is a breaking change. All are `FleetError`s.
 */
export const FLEET_ERROR_CODES = {
  'fleet.invalid_job': 'A job is not valid (no task, a bad harness configuration, a worker-owned key, a bad owner or id); the message lists every problem.',
  'fleet.duplicate_id': 'Two jobs of one enqueue call have the same id.',
  'fleet.unknown_config': 'A job names a harness configuration this worker does not know.',
  'fleet.inline_refused': 'A job carries an inline configuration with keys the worker does not accept from job data (MCP servers, or inline configurations are off).',
  'fleet.interrupted_tool': 'The session holds a tool call that started and has no result, and the tool is not read-only: it is never re-run blindly.',
  'fleet.run_failed': 'The run ended with an error (a provider or store failure); the job can be retried and resumes from its session.',
  'fleet.cancelled': 'The job was cancelled.',
  'fleet.timeout': 'The job ran longer than its timeout.',
  'fleet.job_not_found': 'No job has that id in the queue.',
  'fleet.not_retryable': 'The job is not in a state that can be retried (only failed and parked jobs are).',
  'fleet.invalid_options': 'A fleet function (createWorker, enqueue, status, cancel, retry, resume, watch) was given invalid options: an unknown key (the hint says "did you mean"), options that are not an object, or a queue URL that is not redis://; the message names them.',
} as const;

export type FleetErrorCode = keyof typeof FLEET_ERROR_CODES;
