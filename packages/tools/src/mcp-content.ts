import type { ToolResultContent } from '@warden/protocol';
import type { McpCallResult } from './mcp-sdk.js';

/** Converts an MCP call result's content to protocol parts (text and images; everything else described as text). */
export function mcpContentToParts(result: McpCallResult): ToolResultContent {
  const parts: ToolResultContent = [];
  for (const item of result.content ?? []) {
    if (item.type === 'text' && typeof item.text === 'string') {
      parts.push({ type: 'text', text: item.text });
    } else if (item.type === 'image' && typeof item.data === 'string' && typeof item.mimeType === 'string' && /^image\//i.test(item.mimeType)) {
      parts.push({ type: 'image', mediaType: item.mimeType, data: item.data });
    } else if (item.type === 'resource' && item.resource) {
      const r = item.resource;
      parts.push({ type: 'text', text: typeof r.text === 'string' ? `[resource ${r.uri ?? ''}]\n${r.text}` : `[binary resource ${r.uri ?? ''} (${r.mimeType ?? 'unknown type'}) not shown]` });
    } else if (item.type === 'resource_link') {
      parts.push({ type: 'text', text: `[resource link: ${item.name ?? ''} ${item.uri ?? ''}]`.replace(/\s+\]/, ']') });
    } else {
      parts.push({ type: 'text', text: `[${item.type} content not shown]` });
    }
  }
  if (parts.length === 0 && result.structuredContent !== undefined) {
    parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  }
  if (parts.length === 0 && result.toolResult !== undefined) {
    parts.push({ type: 'text', text: JSON.stringify(result.toolResult) });
  }
  if (parts.length === 0) parts.push({ type: 'text', text: '[no content]' });
  return parts;
}
