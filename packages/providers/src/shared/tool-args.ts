import type { JsonObject } from '@warden/protocol';

/**
 * Parses the JSON arguments a model produced for a tool call. Arguments that
 * are not a JSON object become `{}` and the raw text is kept in
 * `meta.invalidArguments`, so the loop can tell the model instead of crashing.
 */
export function parseToolArgs(raw: string, meta?: JsonObject): { args: JsonObject; meta?: JsonObject } {
  const text = raw.trim();
  if (text === '') return meta ? { args: {}, meta } : { args: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return meta ? { args: parsed as JsonObject, meta } : { args: parsed as JsonObject };
    }
  } catch {
    // fall through
  }
  return { args: {}, meta: { ...meta, invalidArguments: raw } };
}
