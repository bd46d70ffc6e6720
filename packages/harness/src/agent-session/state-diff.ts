import { canonicalJson } from '@warden/protocol/policy';
import { findJsonViolation } from '@warden/protocol/checks';
import type { JsonObject, JsonValue } from '@warden/protocol';
import { agentSessionError } from '../coded-errors.js';

/**
 * One change between two snapshots, in Argentum's format: a key that appeared (`added`), went
 * (`removed`) or changed (`from`/`to`); for lists, the items `added` and `removed`. Nested objects
 * are flattened with dots (`memory.facts`).
 */
export type StateChange = { added: JsonValue } | { removed: JsonValue } | { from: JsonValue; to: JsonValue } | { added?: JsonValue[]; removed?: JsonValue[] };

export interface StateDiff {
  /** Stores a deep copy of the state under a label (again under the same label replaces it, keeping its place). */
  snapshot(label: string, state: JsonObject): void;
  /** What changed from one snapshot to another, by dotted key. */
  changes(from: string, to: string): Record<string, StateChange>;
  /** The changes between each consecutive pair of snapshots, in the order they were first taken. */
  sequenceChanges(): { from: string; to: string; changes: Record<string, StateChange> }[];
  readonly labels: readonly string[];
  clear(): void;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listDiff(before: JsonValue[], after: JsonValue[]): StateChange | undefined {
  const had = new Set(before.map(canonicalJson));
  const has = new Set(after.map(canonicalJson));
  const added = after.filter((v) => !had.has(canonicalJson(v)));
  const removed = before.filter((v) => !has.has(canonicalJson(v)));
  if (added.length === 0 && removed.length === 0) return undefined;
  return { ...(added.length > 0 ? { added } : {}), ...(removed.length > 0 ? { removed } : {}) };
}

function diff(before: JsonObject, after: JsonObject, prefix: string, out: Record<string, StateChange>): void {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    const path = prefix ? `${prefix}.${key}` : key;
    const had = Object.hasOwn(before, key);
    const has = Object.hasOwn(after, key);
    if (!had) out[path] = { added: after[key]! };
    else if (!has) out[path] = { removed: before[key]! };
    else {
      const a = before[key]!;
      const b = after[key]!;
      if (canonicalJson(a) === canonicalJson(b)) continue;
      if (isObject(a) && isObject(b)) diff(a, b, path, out);
      else if (Array.isArray(a) && Array.isArray(b)) {
        const change = listDiff(a, b);
        // Same items in another order: a list that changed without gaining or losing anything.
        out[path] = change ?? { from: a, to: b };
      } else out[path] = { from: a, to: b };
    }
  }
}

/**
 * State snapshots and their differences (Argentum's `StateDiff`): labelled deep copies, compared
 * key by key. A snapshot larger than `maxStateBytes` as JSON is refused
 * (`agent_session.state_too_large`), as is one that is not plain JSON.
 */
export function stateDiff(options: { maxStateBytes: number }): StateDiff {
  const snapshots = new Map<string, JsonObject>();
  const get = (label: string): JsonObject => {
    const state = snapshots.get(label);
    if (!state) throw agentSessionError({ code: 'agent_session.snapshot_not_found', message: `no snapshot labelled "${label}"` });
    return state;
  };
  return {
    snapshot(label, state) {
      const violation = findJsonViolation(state);
      if (violation) throw agentSessionError({ code: 'agent_session.state_too_large', message: `the state is not JSON at ${violation.path.join('.') || '(root)'}: ${violation.message}` });
      const text = JSON.stringify(state);
      const bytes = Buffer.byteLength(text);
      if (bytes > options.maxStateBytes) throw agentSessionError({ code: 'agent_session.state_too_large', message: `the state is ${bytes} bytes as JSON (limit ${options.maxStateBytes})`, hint: 'Raise maxStateSizeMb or snapshot less.' });
      snapshots.set(label, JSON.parse(text) as JsonObject);
    },
    changes(from, to) {
      const out: Record<string, StateChange> = {};
      diff(get(from), get(to), '', out);
      return out;
    },
    sequenceChanges() {
      const labels = [...snapshots.keys()];
      return labels.slice(1).map((to, i) => ({ from: labels[i]!, to, changes: this.changes(labels[i]!, to) }));
    },
    get labels() {
      return [...snapshots.keys()];
    },
    clear: () => snapshots.clear(),
  };
}
