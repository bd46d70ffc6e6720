import { compileExpression, type Expression } from '@warden/governance';
import type { JsonValue } from '@warden/protocol';

// Values in a workflow are templates: `{{ … }}` holds an expression of governance's safe language
// over `inputs`, `state`, `steps`, `previous` and the loop variables in scope. A value that is one
// expression keeps its type; inside other text it is written out.

/** The names every template may start from; loop variables (`as:`) are added where they are in scope. */
export const TEMPLATE_ROOTS = ['inputs', 'state', 'steps', 'previous'] as const;

const MARK = /\{\{([\s\S]*?)\}\}/g;

export type Template =
  | { kind: 'literal'; value: JsonValue }
  | { kind: 'expression'; expression: Expression }
  | { kind: 'text'; parts: Array<string | Expression> }
  | { kind: 'list'; items: Template[] }
  | { kind: 'object'; entries: Array<[string, Template]> };

export type Rendered = { ok: true; value: JsonValue } | { ok: false; message: string };

/** Compiles a value of the file; throws governance's `policy.invalid` on a bad expression. */
export function compileTemplate(value: unknown, roots: readonly string[]): Template {
  if (typeof value === 'string') return compileText(value, roots);
  if (Array.isArray(value)) return { kind: 'list', items: value.map((item) => compileTemplate(item, roots)) };
  if (value !== null && typeof value === 'object') {
    return { kind: 'object', entries: Object.entries(value).map(([key, item]) => [key, compileTemplate(item, roots)]) };
  }
  return { kind: 'literal', value: (value ?? null) as JsonValue };
}

function compileText(text: string, roots: readonly string[]): Template {
  const whole = /^\s*\{\{([\s\S]*?)\}\}\s*$/.exec(text);
  if (whole && !whole[1]!.includes('}}')) return { kind: 'expression', expression: compileExpression(whole[1]!.trim(), { roots }) };
  const parts: Array<string | Expression> = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(compileExpression(match[1]!.trim(), { roots }));
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return { kind: 'literal', value: text };
  if (last < text.length) parts.push(text.slice(last));
  return { kind: 'text', parts };
}

/** Every expression inside a template, for load-time reference checks. */
export function expressionsOf(template: Template): Expression[] {
  switch (template.kind) {
    case 'literal':
      return [];
    case 'expression':
      return [template.expression];
    case 'text':
      return template.parts.filter((part): part is Expression => typeof part !== 'string');
    case 'list':
      return template.items.flatMap(expressionsOf);
    case 'object':
      return template.entries.flatMap(([, item]) => expressionsOf(item));
  }
}

/** Renders a template against the run's values; a failing expression is reported, never guessed. */
export function renderTemplate(template: Template, env: Readonly<Record<string, JsonValue | undefined>>): Rendered {
  switch (template.kind) {
    case 'literal':
      return { ok: true, value: template.value };
    case 'expression': {
      const result = template.expression.evaluate(env);
      return result.ok ? result : { ok: false, message: `{{ ${template.expression.source} }}: ${result.message}` };
    }
    case 'text': {
      let out = '';
      for (const part of template.parts) {
        if (typeof part === 'string') {
          out += part;
          continue;
        }
        const result = part.evaluate(env);
        if (!result.ok) return { ok: false, message: `{{ ${part.source} }}: ${result.message}` };
        out += typeof result.value === 'string' ? result.value : JSON.stringify(result.value);
      }
      return { ok: true, value: out };
    }
    case 'list': {
      const items: JsonValue[] = [];
      for (const item of template.items) {
        const result = renderTemplate(item, env);
        if (!result.ok) return result;
        items.push(result.value);
      }
      return { ok: true, value: items };
    }
    case 'object': {
      const object: Record<string, JsonValue> = {};
      for (const [key, item] of template.entries) {
        const result = renderTemplate(item, env);
        if (!result.ok) return result;
        object[key] = result.value;
      }
      return { ok: true, value: object };
    }
  }
}
