import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth and no whitespace, so equal
 * values always give equal text (and equal digests). Keys whose value is
 * `undefined` are left out, as JSON.stringify does; non-finite numbers and
 * values JSON cannot carry are refused rather than silently changed.
 */
export function canonicalJson(value: unknown): string {
  return write(value, 0);
}

function write(value: unknown, depth: number): string {
  if (depth > 256) throw new TypeError('value is nested too deeply to canonicalise');
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('non-finite numbers cannot be canonicalised');
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v) => write(v, depth + 1)).join(',')}]`;
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write(record[k], depth + 1)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} cannot be canonicalised`);
  }
}

/**
 * The digest that binds an approval to one exact call: SHA-256 of the
 * canonical JSON of `{ name, args }`. Core stamps it on every approval request
 * and governance's durable approvals check it, so an approval can never be
 * replayed against another tool or changed arguments.
 */
export function approvalDigest(call: { name: string; args: { [key: string]: unknown } }): string {
  return `sha256:${createHash('sha256').update(canonicalJson({ name: call.name, args: call.args }), 'utf8').digest('hex')}`;
}
