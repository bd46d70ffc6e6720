import {
  SPECIFICATION_VERSION,
  WardenError,
  type ToolAnnotations,
  type ToolContext,
  type ToolOutput,
  type ToolV1,
} from '@warden/protocol';
import { checkArgsAgainstSchema } from './json-schema-check.js';
import { mcpContentToParts } from './mcp-content.js';
import type { McpClientLike, McpToolInfo } from './mcp-sdk.js';
import { toolError } from './tool-error-codes.js';

export interface McpToolBinding {
  server: string;
  /** The name the model sees: `<server>__<tool>`. */
  name: string;
  info: McpToolInfo;
  client: McpClientLike;
  trustAnnotations: boolean;
  callTimeoutMs: number;
  /** Runs before every call; throws to refuse (the rug-pull check). */
  beforeCall(): Promise<void>;
  /** `_meta` for one call (the harness passes the tool call's W3C `traceparent` this way). */
  callMeta?: (ctx: ToolContext) => Readonly<Record<string, string>> | undefined;
}

/**
 * The server's own hints as tags (`mcp-hint:readOnly=true`, `mcp-hint:destructive=false`, or
 * `mcp-hints:none` when it declares none), whatever the trust: the gate uses them only to ask a
 * person for a named server's tools that are not ordinary (governance's `mcpToolEffect`), and the
 * flags below stay pessimistic for servers that are not trusted.
 */
export function mcpHintTags(info: McpToolInfo): string[] {
  const hints = info.annotations;
  const tags: string[] = [];
  for (const [key, name] of [['readOnlyHint', 'readOnly'], ['destructiveHint', 'destructive'], ['idempotentHint', 'idempotent'], ['openWorldHint', 'openWorld']] as const) {
    const value = hints?.[key];
    if (typeof value === 'boolean') tags.push(`mcp-hint:${name}=${value}`);
  }
  return tags.length === 0 ? ['mcp-hints:none'] : tags;
}

/**
 * MCP annotations are hints from a server we do not control: unless the
 * server is trusted, a tool counts as mutating and destructive whatever it
 * claims, and it is always `openWorld`. The hints themselves ride in `tags`.
 */
export function mcpAnnotations(info: McpToolInfo, trusted: boolean): ToolAnnotations {
  const hints = info.annotations ?? {};
  const tags = ['mcp', ...mcpHintTags(info)];
  if (!trusted) return { openWorld: true, mutating: true, destructive: true, tags };
  const readOnly = hints.readOnlyHint === true;
  return { openWorld: true, readOnly, mutating: !readOnly, destructive: !readOnly && hints.destructiveHint !== false, tags };
}

function inputSchemaOf(info: McpToolInfo): Record<string, unknown> {
  const schema = info.inputSchema && typeof info.inputSchema === 'object' ? info.inputSchema : {};
  return schema.type === 'object' ? schema : { ...schema, type: 'object' };
}

/** Exposes one MCP tool as a protocol `ToolV1`. */
export function mcpToolToToolV1(binding: McpToolBinding): ToolV1 {
  const { info, server, name } = binding;
  const inputSchema = inputSchemaOf(info);
  const description = `[MCP server "${server}"] ${info.description ?? info.title ?? info.name}`;
  return {
    specificationVersion: SPECIFICATION_VERSION,
    name,
    description,
    inputSchema,
    annotations: mcpAnnotations(info, binding.trustAnnotations),
    timeoutMs: binding.callTimeoutMs,
    validate: (args) => checkArgsAgainstSchema(name, inputSchema, args),
    async execute(args, ctx: ToolContext): Promise<ToolOutput> {
      await binding.beforeCall();
      try {
        const meta = binding.callMeta?.(ctx);
        const result = await binding.client.callTool({ name: info.name, arguments: args, ...(meta ? { _meta: { ...meta } } : {}) }, undefined, {
          signal: ctx.signal,
          timeout: binding.callTimeoutMs,
        });
        const content = mcpContentToParts(result);
        return result.isError === true ? { content, isError: true } : content;
      } catch (error) {
        if (WardenError.isInstance(error)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        if (/timed? ?out/i.test(message)) {
          throw toolError('tool.timeout', `${name}: the MCP server did not answer within ${binding.callTimeoutMs} ms`, undefined, error);
        }
        throw toolError('tool.mcp_call_failed', `${name}: the MCP server failed the call: ${message}`, 'The server may have crashed or rejected the arguments.', error);
      }
    },
  };
}
