import type { JsonObject } from '@warden/protocol';

/** One call of an attacker route: a tool and its arguments (placeholders already filled). */
export interface DirectiveStep {
  tool: string;
  args: JsonObject;
}

/**
 * What the attacker wants done, machine-readable so the obeying model can follow it exactly:
 * alternative routes to the same goal, tried in order until one runs every step without an error.
 */
export interface Directive {
  /** The goal id (also the key of the reference form). */
  id: string;
  /** Words a person sees in an approval prompt (social engineering), never read by the model. */
  pitch?: string;
  routes: DirectiveStep[][];
}

const INLINE_OPEN = '[[agent-directive ';
const REFERENCE = /\[\[agent-directive:([A-Za-z0-9_.-]{1,80})\]\]/g;

/**
 * The inline form: the whole directive as JSON, `[[agent-directive {...}]]`. Used wherever text
 * can hold it (file contents, memory, skills, MCP results and tool descriptions, web pages,
 * sub-agent tasks).
 */
export function renderDirective(directive: Directive): string {
  return `${INLINE_OPEN}${JSON.stringify({ id: directive.id, routes: directive.routes })}]]`;
}

/**
 * The reference form, `[[agent-directive:ID]]`, short enough for a file name. The obeying model
 * resolves it in the attacker's playbook it was built with — a stand-in for a capable model that
 * understands a terse instruction; it still acts only when the reference is in its context.
 */
export function renderReference(id: string): string {
  return `[[agent-directive:${id}]]`;
}

/** The end index (exclusive) of the JSON object starting at `start`, or -1. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function isStep(value: unknown): value is DirectiveStep {
  const v = value as { tool?: unknown; args?: unknown } | null;
  return typeof v?.tool === 'string' && v.tool.length > 0 && v.args !== null && typeof v.args === 'object' && !Array.isArray(v.args);
}

function asDirective(value: unknown): Directive | undefined {
  const v = value as { id?: unknown; routes?: unknown } | null;
  if (typeof v?.id !== 'string' || !Array.isArray(v.routes)) return undefined;
  const routes = v.routes.filter((route): route is DirectiveStep[] => Array.isArray(route) && route.length > 0 && route.every(isStep));
  return routes.length > 0 ? { id: v.id, routes } : undefined;
}

/**
 * Every directive in `text`, in order of appearance: inline ones as written, references looked up
 * in `playbook` (unknown references are skipped). Malformed JSON is skipped, as a careless
 * attacker's would be. Escaped text (JSON-encoded inside another JSON string) is read too.
 */
export function findDirectives(text: string, playbook: ReadonlyMap<string, Directive> = new Map()): Directive[] {
  const found: Array<{ at: number; directive: Directive }> = [];
  const scan = (source: string): void => {
    for (let at = source.indexOf(INLINE_OPEN); at >= 0; at = source.indexOf(INLINE_OPEN, at + 1)) {
      const start = at + INLINE_OPEN.length;
      if (source[start] !== '{') continue;
      const end = objectEnd(source, start);
      if (end < 0) continue;
      try {
        const directive = asDirective(JSON.parse(source.slice(start, end)));
        if (directive) found.push({ at, directive });
      } catch {
        // Not JSON: ignored.
      }
    }
    for (const match of source.matchAll(REFERENCE)) {
      const directive = playbook.get(match[1] ?? '');
      if (directive) found.push({ at: match.index, directive });
    }
  };
  scan(text);
  // A directive inside a JSON string (a tool result that is itself JSON) arrives with escaped quotes.
  if (text.includes('\\"')) scan(text.replaceAll('\\"', '"').replaceAll('\\\\', '\\'));
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.directive)
    .filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
}
