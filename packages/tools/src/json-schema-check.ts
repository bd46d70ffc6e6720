import type { ArgsValidation, JsonObject } from '@warden/protocol';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matches(expected: unknown, value: unknown): boolean {
  const types = Array.isArray(expected) ? expected : [expected];
  const actual = typeOf(value);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/**
 * A shallow check of arguments against a foreign JSON Schema (an MCP tool's):
 * required properties present, declared top-level types respected, unknown
 * properties refused when `additionalProperties` is false. The server does
 * the full validation; this catches the common mistakes with a message that
 * names the field.
 */
export function checkArgsAgainstSchema(toolName: string, schema: Record<string, unknown>, args: JsonObject): ArgsValidation {
  const problems: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((k): k is string => typeof k === 'string') : [];
  for (const key of required) if (!(key in args)) problems.push(`${key}: required`);
  for (const [key, value] of Object.entries(args)) {
    const property = properties[key];
    if (property === undefined) {
      if (schema.additionalProperties === false) problems.push(`unknown field \`${key}\`: remove it`);
      continue;
    }
    if (property.type !== undefined && !matches(property.type, value)) {
      problems.push(`${key}: expected ${Array.isArray(property.type) ? property.type.join(' or ') : String(property.type)}, received ${typeOf(value)}`);
    }
    if (Array.isArray(property.enum) && !property.enum.some((v) => v === value)) {
      problems.push(`${key}: expected one of ${property.enum.map((v) => JSON.stringify(v)).join(', ')}`);
    }
  }
  return problems.length === 0 ? { ok: true, args } : { ok: false, message: `Invalid arguments for ${toolName}: ${problems.join('; ')}` };
}
