import { findJsonViolation } from './json-check.js';
import { TOOL_NAME_PATTERN } from './tool-name.js';

/**
 * Quick structural checks for the rest of a `ModelRequest`, in the spirit of
 * `fastMessageCheck`: `true` means the schema would accept the value, `false`
 * means "not sure, ask the schema" (which also words the error). They let a
 * provider check an ordinary request without loading zod at all, which is most
 * of a one-step script's start-up cost.
 */
export function fastToolSpecCheck(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.name !== 'string' || !TOOL_NAME_PATTERN.test(value.name)) return false;
  if (typeof value.description !== 'string') return false;
  if (!isPlainObject(value.inputSchema)) return false;
  const annotations = value.annotations;
  if (annotations === undefined) return true;
  if (!isObject(annotations)) return false;
  for (const key of ['readOnly', 'mutating', 'destructive', 'openWorld'] as const) {
    const flag = annotations[key];
    if (flag !== undefined && typeof flag !== 'boolean') return false;
  }
  const tags = annotations.tags;
  return tags === undefined || (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string'));
}

/**
 * The options of a `ModelRequest` besides `messages` and `tools`. Rarely used
 * shapes (`responseFormat`) are left to the schema.
 */
export function fastRequestOptionsCheck(options: Record<string, unknown>): boolean {
  for (const key in options) {
    const value = options[key];
    if (value === undefined) continue;
    switch (key) {
      case 'toolChoice':
        if (!isToolChoice(value)) return false;
        break;
      case 'maxOutputTokens':
        if (!Number.isSafeInteger(value) || (value as number) <= 0) return false;
        break;
      case 'temperature':
        if (typeof value !== 'number' || !(value >= 0 && value <= 2)) return false;
        break;
      case 'providerOptions':
        if (!isPlainObject(value) || !Object.values(value as Obj).every(isJsonObject)) return false;
        break;
      case 'messages':
      case 'tools':
        break;
      default:
        // responseFormat, or a key the schema would drop: let the schema say.
        return false;
    }
  }
  return true;
}

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): boolean {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function isJsonObject(value: unknown): boolean {
  return isObject(value) && findJsonViolation(value) === undefined;
}

function isToolChoice(value: unknown): boolean {
  if (value === 'auto' || value === 'none' || value === 'required') return true;
  return isObject(value) && typeof value.name === 'string' && value.name.length > 0;
}
