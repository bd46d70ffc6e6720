import type { ToolAnnotations } from '@warden/protocol';

const FLAGS = ['readOnly', 'mutating', 'destructive', 'openWorld'] as const;
const KNOWN = new Set<string>([...FLAGS, 'tags']);

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Checks a tool's annotations as the protocol's strict `ToolAnnotations` schema does and returns
 * a copy, or the problem in `formatIssues`' words. Written by hand so that importing
 * `defineTool` builds no protocol schema (the cold start of every script that defines a tool).
 */
export function checkAnnotations(value: unknown): { ok: true; annotations: ToolAnnotations } | { ok: false; problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: `(arguments): expected object, received ${kind(value)}` };
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) {
    const keys = unknown.map((k) => `\`${k}\``).join(', ');
    return { ok: false, problem: `unknown field${unknown.length > 1 ? 's' : ''} ${keys}: remove ${unknown.length > 1 ? 'them' : 'it'}` };
  }
  const annotations: ToolAnnotations = {};
  for (const flag of FLAGS) {
    const flagValue = given[flag];
    if (flagValue === undefined) continue;
    if (typeof flagValue !== 'boolean') return { ok: false, problem: `${flag}: expected boolean, received ${kind(flagValue)}` };
    annotations[flag] = flagValue;
  }
  const tags = given.tags;
  if (tags !== undefined) {
    if (!Array.isArray(tags)) return { ok: false, problem: `tags: expected array, received ${kind(tags)}` };
    const wrong = tags.findIndex((tag) => typeof tag !== 'string');
    if (wrong !== -1) return { ok: false, problem: `tags[${wrong}]: expected string, received ${kind(tags[wrong])}` };
    annotations.tags = [...(tags as string[])];
  }
  return { ok: true, annotations };
}
