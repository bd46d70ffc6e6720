import { PATH_ARGUMENT_NAMES } from '@warden/protocol/policy';
import type { JsonValue } from '@warden/protocol';

/** `{{name}}` or `{{step.name}}` inside a parameter value. */
const REF = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/** The references (`{{…}}`) anywhere in a value, as written (`search_results`, `fetch.results`). */
export function refsIn(value: JsonValue): string[] {
  const out: string[] = [];
  const walk = (v: JsonValue): void => {
    if (typeof v === 'string') for (const m of v.matchAll(REF)) out.push(m[1]!);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/** True when the value is exactly one reference and nothing else (its type is the referenced output's). */
export function isWholeRef(value: JsonValue): boolean {
  return typeof value === 'string' && /^\{\{\s*[A-Za-z0-9_.-]+\s*\}\}$/.test(value);
}

/**
 * Arguments whose value decides where an effect lands — paths (protocol's one list), commands,
 * hosts and recipients. A plan covers a call only when these are literal in the plan: untrusted
 * data may fill a value, but it may not choose a file, a command or a destination.
 */
export const SENSITIVE_ARGUMENTS: readonly string[] = [...PATH_ARGUMENT_NAMES, 'command', 'cmd', 'script', 'code', 'url', 'uri', 'host', 'hostname', 'endpoint', 'to', 'recipient', 'recipients'];

/** A template string (`"notes: {{summary}}"`) as a whole-string pattern: literal parts exact, each reference any text. */
export function templatePattern(template: string): RegExp {
  const parts = template.split(/\{\{\s*[A-Za-z0-9_.-]+\s*\}\}/);
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);
}
