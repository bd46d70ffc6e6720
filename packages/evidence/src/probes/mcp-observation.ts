import { RemoteTargetFailure } from './remote-target-failure.js';
import type { McpToolResult } from './mcp-sdk.js';
import { TargetResultInvalid } from './module-target.js';

/**
 * The observation an MCP tool returned: its `structuredContent` when present, else
 * the first text part parsed as JSON. A result flagged `isError` is a failed call
 * (`TargetToolError`; the tool's text is never copied); no JSON to read is an
 * invalid result.
 */
export function mcpObservation(result: McpToolResult): unknown {
  if (result.isError === true) throw new RemoteTargetFailure('TargetToolError');
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  const text = Array.isArray(result.content) ? result.content.find((part) => part?.type === 'text' && typeof part.text === 'string')?.text : undefined;
  if (text === undefined) throw new TargetResultInvalid('evidence_invalid_result');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TargetResultInvalid('evidence_invalid_result');
  }
}
