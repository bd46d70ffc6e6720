import type { JsonValue } from '@warden/protocol';
import type { StateChange } from '../report/report-schema.js';
import { deepEqual } from '../validation/deep-equal.js';

type Path = Array<string | number>;

function isObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function listChanges(a: JsonValue[], b: JsonValue[], path: Path, out: StateChange[]): void {
  const remaining = new Map<string, number>();
  for (const item of b) {
    const key = canonical(item);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const kept = new Map<string, number>();
  a.forEach((item, index) => {
    const key = canonical(item);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      kept.set(key, (kept.get(key) ?? 0) + 1);
    } else {
      out.push({ path: [...path, index], kind: 'removed', value: item });
    }
  });
  b.forEach((item, index) => {
    const key = canonical(item);
    const matched = kept.get(key) ?? 0;
    if (matched > 0) kept.set(key, matched - 1);
    else out.push({ path: [...path, index], kind: 'added', value: item });
  });
}

function walk(a: JsonValue, b: JsonValue, path: Path, out: StateChange[]): void {
  if (deepEqual(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    listChanges(a, b, path, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const inA = Object.prototype.hasOwnProperty.call(a, key);
      const inB = Object.prototype.hasOwnProperty.call(b, key);
      if (inA && !inB) out.push({ path: [...path, key], kind: 'removed', value: a[key]! });
      else if (!inA && inB) out.push({ path: [...path, key], kind: 'added', value: b[key]! });
      else walk(a[key]!, b[key]!, [...path, key], out);
    }
    return;
  }
  out.push({ path, kind: 'changed', from: a, to: b });
}

/**
 * The changes from `a` to `b`: nested paths; list items added or removed
 * (as a multiset, so reordering is no change); `{ from, to }` for changed values.
 */
export function jsonChanges(a: JsonValue, b: JsonValue): StateChange[] {
  const out: StateChange[] = [];
  walk(a, b, [], out);
  return out;
}
