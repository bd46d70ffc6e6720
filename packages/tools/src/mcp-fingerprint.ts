import { createHash } from 'node:crypto';
import type { McpToolInfo } from './mcp-sdk.js';

function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * A stable fingerprint of what the model is told about an MCP tool: name,
 * title, description, input and output schema, annotations (key order does
 * not matter). `sha256:<hex>`.
 */
export function fingerprintMcpTool(tool: McpToolInfo): string {
  const { name, title, description, inputSchema, outputSchema, annotations } = tool;
  const hash = createHash('sha256').update(canonical({ name, title, description, inputSchema, outputSchema, annotations })).digest('hex');
  return `sha256:${hash}`;
}
