/**
 * The stable error codes of the contracts. A code is public API: renaming or
 * removing one is a breaking change. Packages may add codes of their own
 * (`<area>.<name>`) and pin them in their own table tests.
 */
export const ERROR_CODES = {
  'protocol.unsupported_version': 'An interface carries a specificationVersion this release does not know.',
  'protocol.invalid_value': 'A value does not match its schema.',
  'config.invalid': 'Options or a configuration file are invalid; the message names the key.',
  'config.unknown_key': 'Options or a configuration file hold a key that does not exist.',
  'provider.auth': 'The provider refused the credentials (401/403).',
  'provider.rate_limited': 'The provider rate-limited the call (429).',
  'provider.overloaded': 'The provider is overloaded (529 or equivalent).',
  'provider.context_length': 'The request does not fit the model context window.',
  'provider.content_filter': 'The provider refused the content.',
  'provider.timeout': 'The call timed out.',
  'provider.network': 'The connection failed or dropped.',
  'provider.unavailable': 'The provider answered with a server error (5xx).',
  'provider.bad_request': 'The provider rejected the request (4xx).',
  'provider.bad_response': 'The provider answered with something that is not its documented format.',
  'provider.circuit_open': 'The circuit breaker for this provider is open.',
  'provider.aborted': 'The call was cancelled by its AbortSignal.',
  'provider.not_configured': 'The provider lacks a key, a model or a base URL.',
  'provider.script_exhausted': 'A scripted provider was asked for more turns than its script holds.',
  'tool.not_found': 'The model called a tool that does not exist.',
  'tool.invalid_args': 'Tool arguments do not match the tool schema.',
  'tool.invalid_definition': 'A tool definition is invalid (name, schema).',
  'tool.duplicate_name': 'Two tools share one name.',
  'tool.timeout': 'A tool ran past its time limit.',
  'tool.path_outside_workspace': 'A path resolves outside the workspace.',
  'tool.path_protected': 'A path is protected (.env, .git, .warden).',
  'tool.path_invalid': 'A path is malformed (NUL byte, too long, empty).',
  'tool.execution_failed': 'A tool threw while running.',
  'session.not_found': 'No such session (or it belongs to someone else).',
  'session.version_conflict': 'The session changed since the version an append was based on.',
  'session.corrupt': 'A session record is corrupt in the middle of the file.',
  'session.locked': 'Another writer holds the session.',
  'session.io': 'The store could not read or write durably.',
  'session.driver_missing': 'An optional store driver is not installed.',
  'policy.invalid': 'A policy file is invalid.',
  'policy.example_failed': 'A policy rule example does not hold.',
  'policy.approval_invalid': 'A stored approval does not verify.',
  'run.budget_exceeded': 'A budget was reached and onExceed is "throw".',
  'run.aborted': 'The run was aborted.',
  'run.structured_output_failed': 'The model did not produce valid structured output within the retry limit.',
  'internal.unexpected': 'Something failed that Warden did not expect; please report it.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
