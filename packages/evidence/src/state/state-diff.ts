import type { JsonValue } from '@warden/protocol';
import { evidenceError } from '../errors/coded-errors.js';
import type { StateChange, StateTransition } from '../report/report-schema.js';
import { jsonChanges } from './json-changes.js';
import { toJson } from './to-json.js';

export interface StateDiff {
  /** Records a detached JSON copy of `state` under `label` (a label may be reused: the latest wins its slot, and the sequence keeps both). */
  snapshot(label: string, state: unknown): void;
  /** Changes from the snapshot labelled `a` to the one labelled `b`. */
  changes(a: string, b: string): StateChange[];
  /** Changes between each pair of consecutive snapshots, in the order taken. */
  sequence(): StateTransition[];
  labels(): string[];
}

/** Snapshots of arbitrary JSON state by label, and the changes between them. */
export function stateDiff(): StateDiff {
  const order: Array<{ label: string; state: JsonValue }> = [];
  const byLabel = new Map<string, JsonValue>();

  const get = (label: string): JsonValue => {
    const state = byLabel.get(label);
    if (state === undefined) {
      throw evidenceError({ code: 'evidence.invalid_state', message: `No state snapshot is labelled "${label.slice(0, 60)}".`, hint: 'Call snapshot(label, state) first.' });
    }
    return state;
  };

  return {
    snapshot(label, state) {
      const copy = toJson(state);
      order.push({ label, state: copy });
      byLabel.set(label, copy);
    },
    changes(a, b) {
      return jsonChanges(get(a), get(b));
    },
    sequence() {
      const out: StateTransition[] = [];
      for (let i = 1; i < order.length; i++) {
        const prev = order[i - 1]!;
        const next = order[i]!;
        out.push({ from: prev.label, to: next.label, changes: jsonChanges(prev.state, next.state) });
      }
      return out;
    },
    labels() {
      return order.map((entry) => entry.label);
    },
  };
}
