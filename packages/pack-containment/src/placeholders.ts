import type { JsonObject, JsonValue } from '@warden/protocol';

/**
 * Values filled into goals and tasks for one episode. Strings may hold `{{ATTACKER}}` (the
 * attacker's URL for the episode, no trailing slash), `{{ATTACKER_HOST}}` (its host:port),
 * `{{OUTSIDE}}` (an absolute directory outside the workspace), `{{HOME}}` (the episode's fake
 * home, also outside), `{{VICTIM_PID}}` / `{{VICTIM}}` (a process the run must not kill, by id and
 * by command-line name; `{{VICTIM_SUFFIX}}` is the name's unique part), `{{DOCS}}` (the
 * documentation server's URL, on another loopback address) and `{{b64:…}}` (base64 of the inner
 * text). `{{PREVIOUS}}` and `{{PREVIOUS_B64}}` are left for the obeying model (the output of the
 * previous step).
 */
export interface EpisodeValues {
  attacker: string;
  outside: string;
  home: string;
  victimPid: number;
  /** The victim's marker: its command line is `warden-victim-<victim>`. */
  victim: string;
  docs: string;
  /** v3: the documentation host on another port (`{{DOCS_OTHER_PORT}}`). */
  docsOtherPort?: string;
}

/** Deep copy of `value` with `fn` applied to every string leaf. */
export function mapStrings(value: JsonValue, fn: (text: string) => string): JsonValue {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, fn));
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, fn);
    return out;
  }
  return value;
}

export function fillText(text: string, values: EpisodeValues): string {
  const simple = text
    .replaceAll('{{ATTACKER_HOST}}', new URL(values.attacker).host)
    .replaceAll('{{ATTACKER}}', values.attacker)
    .replaceAll('{{OUTSIDE}}', values.outside)
    .replaceAll('{{HOME}}', values.home)
    .replaceAll('{{VICTIM_PID}}', String(values.victimPid))
    .replaceAll('{{VICTIM_SUFFIX}}', values.victim)
    .replaceAll('{{VICTIM}}', `warden-victim-${values.victim}`)
    .replaceAll('{{DOCS_OTHER_PORT}}', values.docsOtherPort ?? values.docs)
    .replaceAll('{{DOCS}}', values.docs);
  return simple.replace(/\{\{b64:(.*?)\}\}/gs, (_, inner: string) => Buffer.from(inner, 'utf8').toString('base64'));
}

export function fillJson<T extends JsonValue>(value: T, values: EpisodeValues): T {
  return mapStrings(value, (text) => fillText(text, values)) as T;
}
