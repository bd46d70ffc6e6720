import type { ZodType } from 'zod';
import type { JsonSchema } from '@warden/protocol';

export type StructuredParse = { ok: true; value: unknown } | { ok: false; message: string };

const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/i;

/** Parses the final answer as JSON (a ```json fence is allowed) and validates it against the schema. */
export function parseStructured(schema: ZodType, text: string): StructuredParse {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: 'the answer is not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues
    .slice(0, 8)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, message: issues };
}

/**
 * The JSON Schema sent with each request, or undefined when zod cannot express
 * the schema. It uses the schema's own `toJSONSchema()` (zod 4), so core never
 * imports zod itself.
 */
export function outputJsonSchema(schema: ZodType): JsonSchema | undefined {
  const convert = (schema as { toJSONSchema?: () => JsonSchema }).toJSONSchema;
  if (typeof convert !== 'function') return undefined;
  try {
    return convert.call(schema);
  } catch {
    return undefined;
  }
}

export function structuredRetryText(message: string): string {
  return `Your final answer did not match the required output format: ${message}. Reply with only the JSON value, matching the schema exactly.`;
}
