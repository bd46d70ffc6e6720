import { findJsonViolation } from './json-check.js';

/**
 * A quick structural check of a `Message` for the parts an agent loop sends
 * on every step (text, thinking, tool calls, tool results of text). `true`
 * means `Message.safeParse(value)` would succeed; `false` means "not sure":
 * ask the schema, which also gives the precise error. Images always go to the
 * schema (their URL rules are zod's). A test runs both over the golden corpus
 * and thousands of mutations of it to hold `true ⇒ valid`.
 *
 * Why it exists: a provider checks every new message of every request, and
 * the zod parse of one small message costs several microseconds.
 */
export function fastMessageCheck(value: unknown): boolean {
  if (!isObject(value)) return false;
  const parts = value.parts;
  if (!Array.isArray(parts)) return false;
  switch (value.role) {
    case 'system':
      return parts.length > 0 && parts.every(isTextPart);
    case 'user':
      return parts.length > 0 && parts.every(isTextPart);
    case 'assistant':
      return parts.every((p) => isTextPart(p) || isThinkingPart(p) || isToolCallPart(p));
    case 'tool':
      return parts.length > 0 && parts.every(isToolResultPart);
    default:
      return false;
  }
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

function isJsonObject(value: unknown): boolean {
  return isObject(value) && findJsonViolation(value) === undefined;
}

function isTextPart(part: unknown): boolean {
  return isObject(part) && part.type === 'text' && typeof part.text === 'string';
}

function isThinkingPart(part: unknown): boolean {
  return (
    isObject(part) &&
    part.type === 'thinking' &&
    typeof part.text === 'string' &&
    isOptionalString(part.signature) &&
    isOptionalString(part.redactedData) &&
    isOptionalString(part.provider)
  );
}

function isToolCallPart(part: unknown): boolean {
  return (
    isObject(part) &&
    part.type === 'tool_call' &&
    isNonEmptyString(part.id) &&
    isNonEmptyString(part.name) &&
    isJsonObject(part.args) &&
    (part.meta === undefined || isJsonObject(part.meta))
  );
}

function isToolResultPart(part: unknown): boolean {
  return (
    isObject(part) &&
    part.type === 'tool_result' &&
    isNonEmptyString(part.callId) &&
    isNonEmptyString(part.name) &&
    typeof part.isError === 'boolean' &&
    Array.isArray(part.content) &&
    part.content.every(isTextPart)
  );
}
