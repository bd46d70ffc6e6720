import { createHash } from 'node:crypto';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';

export const MCP_SERVER_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;

/**
 * `<server>__<tool>`, made provider-safe: characters outside `[A-Za-z0-9_-]`
 * become `_`, and a name over 64 characters is shortened with a hash suffix
 * so it stays unique.
 */
export function namespacedToolName(server: string, tool: string): string {
  const cleaned = tool.replace(/[^a-zA-Z0-9_-]/g, '_');
  const full = `${server}__${cleaned}`;
  if (TOOL_NAME_PATTERN.test(full)) return full;
  const hash = createHash('sha256').update(tool).digest('hex').slice(0, 8);
  return `${full.slice(0, 64 - 9)}_${hash}`;
}
