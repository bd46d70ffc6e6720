import type { ErrorCode } from '@warden/protocol';
import type { ToolErrorCode } from '@warden/tools';

/**
 * Every code serve builds an error with (coded-errors.ts takes nothing else): bad server or agent
 * options (the protocol's config code) and a missing optional SDK for serving MCP or A2A
 * (@warden/tools' codes, as the client side throws them). Serve has no table of its own.
 */
export const SERVE_SHARED_CODES = ['config.invalid', 'tool.mcp_sdk_missing', 'tool.remote_agent_sdk_missing'] as const satisfies readonly (ErrorCode | ToolErrorCode)[];

export type ServeErrorCode = (typeof SERVE_SHARED_CODES)[number];
