import type { JsonValue } from '@warden/protocol';

const MAX_DEPTH = 32;

/**
 * A JSON copy of anything a case hands the report: undefined becomes null,
 * non-finite numbers and bigints become strings, Maps and Sets become objects
 * and arrays, cycles become "[cycle]", functions "[function]". Never throws.
 */
export function toJson(value: unknown, seen: Set<object> = new Set(), depth = 0): JsonValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'symbol':
      return value.toString();
    case 'function':
      return '[function]';
    default:
      break;
  }
  const object = value;
  if (seen.has(object)) return '[cycle]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  seen.add(object);
  try {
    if (Array.isArray(object)) return object.map((item) => toJson(item, seen, depth + 1));
    if (object instanceof Map) return Object.fromEntries([...object.entries()].map(([k, v]) => [String(k), toJson(v, seen, depth + 1)]));
    if (object instanceof Set) return [...object].map((item) => toJson(item, seen, depth + 1));
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (ArrayBuffer.isView(object)) return `[${object.constructor.name} ${object.byteLength} bytes]`;
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(object)) {
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch {
        item = '[unreadable]';
      }
      Object.defineProperty(out, key, { value: toJson(item, seen, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(object);
  }
}
