import type { JsonObject } from './json.js';

/** One way arguments miss a JSON Schema's top level: a `required` key absent, a key the schema does not list, a wrong `type`, a value outside `enum`. */
export interface SchemaProblem {
  key: string;
  kind: 'required' | 'unknown' | 'type' | 'enum';
  message: string;
}

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
 * The one shallow check of arguments against a JSON Schema, shared by the MCP tool adapter and the
 * plan linter: `required` keys present, declared top-level `type`s and `enum`s respected, and keys
 * the schema does not list refused — when `additionalProperties` is false, or always with
 * `unknownKeys: 'error'`. `skip` names keys whose value is not known yet (a plan's `{{ref}}`): they
 * count as present and are not type-checked.
 */
export function schemaProblems(schema: Record<string, unknown>, args: JsonObject, options: { unknownKeys?: 'schema' | 'error'; skip?: ReadonlySet<string> } = {}): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((k): k is string => typeof k === 'string') : [];
  for (const key of required) if (!(key in args)) problems.push({ key, kind: 'required', message: `${key}: required` });
  const refuseUnknown = options.unknownKeys === 'error' || schema.additionalProperties === false;
  for (const [key, value] of Object.entries(args)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property === undefined) {
      if (refuseUnknown) problems.push({ key, kind: 'unknown', message: `unknown field \`${key}\`: remove it` });
      continue;
    }
    if (options.skip?.has(key)) continue;
    if (property.type !== undefined && !matches(property.type, value)) {
      problems.push({ key, kind: 'type', message: `${key}: expected ${Array.isArray(property.type) ? property.type.join(' or ') : String(property.type)}, received ${typeOf(value)}` });
    }
    if (Array.isArray(property.enum) && !property.enum.some((v) => v === value)) {
      problems.push({ key, kind: 'enum', message: `${key}: expected one of ${property.enum.map((v) => JSON.stringify(v)).join(', ')}` });
    }
  }
  return problems;
}
