import type { ArgsValidation, JsonObject, JsonSchema, JsonValue, ToolV1 } from '@warden/protocol';

/**
 * Arguments are checked with the tool's own `validate` when it has one (tools
 * built with `defineTool` validate against their zod schema). Otherwise core
 * checks the basics of the JSON Schema itself: `type`, `required`, `enum`,
 * `properties`, `items` and `additionalProperties: false`.
 */
export function validateArgs(tool: ToolV1, args: JsonObject): ArgsValidation {
  if (tool.validate) {
    try {
      return tool.validate(args);
    } catch (error) {
      return { ok: false, message: `the tool's validator failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  const problems: string[] = [];
  checkValue(tool.inputSchema, args, '', problems);
  return problems.length === 0 ? { ok: true, args } : { ok: false, message: problems.slice(0, 5).join('; ') };
}

function typeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(expected: unknown, actual: string): boolean {
  const list = Array.isArray(expected) ? expected : [expected];
  return list.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function checkValue(schema: JsonSchema | undefined, value: JsonValue, path: string, problems: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const where = path === '' ? 'arguments' : path;
  const actual = typeOf(value);
  if (schema.type !== undefined && !matchesType(schema.type, actual)) {
    const expected = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type);
    problems.push(`${where} must be ${expected}, got ${actual}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value))) {
    problems.push(`${where} must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (actual === 'object') {
    const object = value as JsonObject;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (Array.isArray(schema.required)) {
      for (const key of schema.required as string[]) {
        if (!(key in object)) problems.push(`${path === '' ? '' : `${path}.`}${key} is required`);
      }
    }
    for (const [key, child] of Object.entries(object)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (key in properties) checkValue(properties[key], child, childPath, problems);
      else if (schema.additionalProperties === false) problems.push(`${childPath} is not an allowed argument`);
    }
  } else if (actual === 'array' && schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    (value as JsonValue[]).forEach((item, i) => checkValue(schema.items as JsonSchema, item, `${where}[${i}]`, problems));
  }
}
