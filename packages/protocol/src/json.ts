import { z } from 'zod';
import { findJsonViolation } from './json-check.js';

/** A JSON value: what can cross a process, a file or the wire unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export const JsonValue: z.ZodType<JsonValue> = z.custom<JsonValue>().superRefine((value, ctx) => {
  const violation = findJsonViolation(value);
  if (violation) ctx.addIssue({ code: 'custom', message: violation.message, path: violation.path });
});

export const JsonObject: z.ZodType<JsonObject> = z.custom<JsonObject>().superRefine((value, ctx) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'expected a JSON object' });
    return;
  }
  const violation = findJsonViolation(value);
  if (violation) ctx.addIssue({ code: 'custom', message: violation.message, path: violation.path });
});

/** A JSON Schema document (draft 2020-12), as providers and MCP exchange them. */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;
