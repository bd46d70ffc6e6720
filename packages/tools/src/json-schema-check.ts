import { schemaProblems } from '@warden/protocol/checks';
import type { ArgsValidation, JsonObject } from '@warden/protocol';

/**
 * A shallow check of arguments against a foreign JSON Schema (an MCP tool's), with protocol's
 * `schemaProblems`: required properties present, declared top-level types respected, unknown
 * properties refused when `additionalProperties` is false. The server does the full validation;
 * this catches the common mistakes with a message that names the field.
 */
export function checkArgsAgainstSchema(toolName: string, schema: Record<string, unknown>, args: JsonObject): ArgsValidation {
  const problems = schemaProblems(schema, args).map((p) => p.message);
  return problems.length === 0 ? { ok: true, args } : { ok: false, message: `Invalid arguments for ${toolName}: ${problems.join('; ')}` };
}
