import type { JsonObject, JsonValue } from '@warden/protocol';
import type { ParameterIssue, ParameterName } from './generation-parameters.js';

/**
 * What a provider does with the generation parameters (the kit's `ParameterPlan`): `sent` holds
 * the values that go out (after any adjustment), `dropped` and `adjusted` say why, by parameter,
 * and `payload` (from `explain`) is exactly the body that would go on the wire, headers aside.
 */
export interface ParameterPlan {
  sent: Record<string, JsonValue>;
  dropped: Record<string, string>;
  adjusted: Record<string, string>;
  payload?: JsonObject;
}

const show = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));

/** Collects a plan while a wire mapping walks the parameters. */
export class PlanBuilder {
  readonly sent: Record<string, JsonValue> = {};
  readonly dropped: Record<string, string> = {};
  readonly adjusted: Record<string, string> = {};
  readonly issues: ParameterIssue[] = [];
  /** Deep-merged under the adapter's `providerOptions` key. */
  readonly vendor: JsonObject = {};
  temperature: number | undefined;
  maxOutputTokens: number | undefined;

  /** Sends `value` at `path` in the body (or, without a path, through the request's own field). */
  send(name: ParameterName, value: JsonValue, path?: readonly string[]): void {
    this.sent[name] = value;
    if (path) setPath(this.vendor, path, value);
  }

  drop(name: ParameterName, reason: string): void {
    this.dropped[name] = reason;
  }

  adjust(name: ParameterName, from: unknown, to: unknown, reason: string): void {
    this.adjusted[name] = `${show(from)} → ${show(to)}: ${reason}`;
  }

  invalid(name: ParameterName, message: string): void {
    this.issues.push({ parameter: name, message });
  }

  plan(): ParameterPlan {
    return { sent: { ...this.sent }, dropped: { ...this.dropped }, adjusted: { ...this.adjusted } };
  }
}

function setPath(target: JsonObject, path: readonly string[], value: JsonValue): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as JsonObject;
  }
  node[path[path.length - 1] as string] = value;
}

/** `over` merged into `base`, objects key by key; `over` wins. */
export function deepMerge(base: JsonObject, over: JsonObject | undefined): JsonObject {
  if (!over) return base;
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prior = out[key];
    const bothObjects = typeof value === 'object' && value !== null && !Array.isArray(value) && typeof prior === 'object' && prior !== null && !Array.isArray(prior);
    out[key] = bothObjects ? deepMerge(prior, value) : value;
  }
  return out;
}
