import { ConfigError, type ErrorCode, ToolError, type WardenErrorOptions } from '@warden/protocol';

/**
 * Every error code this package throws. The first eight are the contract's
 * (`ERROR_CODES` in @warden/protocol); the rest are this package's own. Bad options
 * are ConfigErrors with the protocol's `config.invalid` or `config.unknown_key`.
 * Codes are public API: a table test pins them.
 */
export const TOOL_ERROR_CODES = {
  'tool.invalid_definition': 'A tool definition is invalid (name, schema, annotations).',
  'tool.duplicate_name': 'Two tools share one name.',
  'tool.invalid_args': 'Tool arguments do not match the tool schema.',
  'tool.timeout': 'A tool ran past its time limit.',
  'tool.execution_failed': 'A tool threw while running.',
  'tool.path_outside_workspace': 'A path resolves outside the workspace.',
  'tool.path_protected': 'A path is protected (.env, .env.*, .git, .warden or a configured pattern).',
  'tool.path_invalid': 'A path is malformed (NUL byte, control character, a URL, a Unicode look-alike of . or .., too long, empty).',
  'tool.path_hardlinked': 'A regular file has more than one hard link, so it may also live outside the workspace; reading it is refused.',
  'tool.file_not_found': 'The file or directory does not exist.',
  'tool.not_a_file': 'A file was expected but the path is a directory or a special file (or the reverse).',
  'tool.file_too_large': 'The file is larger than the tool will load whole.',
  'tool.edit_no_match': 'edit_file found no occurrence of the text to replace.',
  'tool.edit_ambiguous': 'edit_file found the text to replace more than once.',
  'tool.skill_not_found': 'use_skill was asked for a skill that does not exist.',
  'tool.mcp_sdk_missing': 'The optional peer dependency @modelcontextprotocol/sdk is not installed.',
  'tool.mcp_connect_failed': 'An MCP server could not be started, reached or listed.',
  'tool.mcp_tool_changed': 'A pinned MCP tool changed its description or schema, or disappeared (rug pull).',
  'tool.mcp_call_failed': 'An MCP server failed a tool call at the protocol level.',
  'tool.remote_agent_sdk_missing': 'The optional peer dependency @a2a-js/sdk is not installed.',
  'tool.remote_agent_failed': 'A remote A2A agent could not be reached, refused the call or failed at the protocol level.',
  'tool.memory_limit': 'Working memory is over a limit (maxContextItems facts, or a value larger than the limit).',
  'tool.ask_user_unavailable': 'ask_user was called with no person to ask (a headless run): the model is told to go on with a stated assumption.',
  'tool.sandbox_unavailable': "The OS sandbox was required (sandbox: 'on') but does not work here; the command was not run.",
  'tool.sandbox_host_key_changed': "An SSH sandbox host's key is not the pinned one; nothing was sent to it.",
  'tool.sandbox_unreachable': 'A sandbox backend (an SSH host, a container engine, a remote sandbox service) could not be reached or refused the request.',
  'tool.sandbox_sync_failed': 'The workspace could not be copied to or back from a remote sandbox.',
  'tool.sandbox_unsupported': 'The sandbox backend cannot do this (e.g. expose a port of bubblewrap, which has no network).',
} as const;

export type ToolErrorCode = keyof typeof TOOL_ERROR_CODES;

/** The protocol's codes of bad options, shared by every factory. */
export type ToolConfigCode = Extract<ErrorCode, `config.${string}`>;

// The package's only ways to build its errors: `code` is typed as this table, so a typo or an
// unlisted code does not compile.

/** Builds a ToolError with one of this package's codes. */
export function toolError(code: ToolErrorCode, message: string, hint?: string, cause?: unknown): ToolError {
  return new ToolError({ code, message, ...(hint === undefined ? {} : { hint }), ...(cause === undefined ? {} : { cause }) });
}

/** Builds a ConfigError (bad options) with one of this package's codes. */
export function configError(options: WardenErrorOptions<ToolConfigCode>): ConfigError {
  return new ConfigError(options);
}
