import { createHash } from 'node:crypto';
import type { JsonValue } from './json.js';

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] as JsonValue)}`).join(',')}}`;
}

/**
 * The digest that binds an approval to one exact call: sha256 over the tool name
 * and the canonical JSON of its arguments. Core and governance both use this, so
 * an approval can never be replayed against changed arguments.
 */
export function approvalDigest(call: { name: string; args: { [key: string]: JsonValue } }): string {
  return 'sha256:' + createHash('sha256').update(call.name).update('\u0000').update(canonicalJson(call.args)).digest('hex');
}
