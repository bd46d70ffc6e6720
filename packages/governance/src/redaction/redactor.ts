import { configError } from '../util/coded-errors.js';
import type { ToolResultContent, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { BUILTIN_PATTERNS, isPlaceholder, isReference, type SecretPattern } from './secret-patterns.js';
import { isSecretName, kindForName } from './secret-names.js';
import { createProbeFilter } from './secret-probes.js';
import { redactAwsSecretsByContext } from './aws-context.js';
import { redactAssignments, redactBareCredentials, redactUrlPasswords } from './secret-scanners.js';

export interface CustomSecretPattern {
  /** Kebab-case kind shown in the marker: `[redacted:<name>]`. */
  name: string;
  /** A regex (the `g` flag is added) or its source text. */
  pattern: RegExp | string;
}

export interface RedactorOptions {
  /** Environment (usually `process.env`): values of secret-named variables are removed literally. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra formats, checked after the built-in ones. */
  patterns?: readonly CustomSecretPattern[];
  /** Environment values shorter than this are not redacted literally (too likely to collide). Default 8. */
  minEnvValueLength?: number;
}

/** The afterTool hook shape of `@warden/core` (declared structurally: governance does not import core). */
export interface RedactionAfterToolContext {
  content: ToolResultContent;
}

export interface Redactor {
  /** Replaces every secret found in the text by `[redacted:<kind>]`. */
  redact(text: string): string;
  /** Redacts the text parts of a tool result; images pass through. */
  redactContent(content: ToolResultContent): ToolResultContent;
  /**
   * Deep copy with every string redacted and values under secret-named keys replaced. Objects with
   * `toJSON` (errors from Warden, dates) are serialised first, as `JSON.stringify` would.
   */
  redactJson<T>(value: T): T;
  /** Core's `afterTool` hook: pass the redactor in `hooks` and tool output is redacted before anyone sees it. */
  afterTool(ctx: RedactionAfterToolContext): { content: ToolResultContent };
}

const MAX_JSON_DEPTH = 100;

function marker(kind: string): string {
  return `[redacted:${kind}]`;
}

function compileCustom(p: CustomSecretPattern): SecretPattern {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(p.name)) {
    throw configError({ code: 'config.invalid', message: `Redaction pattern name "${p.name}" must be kebab-case (a-z, 0-9, -).`, hint: 'Use a short kind such as "internal-token".' });
  }
  let regex: RegExp;
  try {
    const source = typeof p.pattern === 'string' ? p.pattern : p.pattern.source;
    const flags = typeof p.pattern === 'string' ? 'g' : p.pattern.flags.includes('g') ? p.pattern.flags : `${p.pattern.flags}g`;
    regex = new RegExp(source, flags.replace('y', ''));
  } catch (cause) {
    throw configError({ code: 'config.invalid', message: `Redaction pattern "${p.name}" is not a valid regular expression.`, hint: 'Check the pattern syntax.', cause });
  }
  return { kind: p.name, regex };
}

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The quote around a matched value (`"…"` or `'…'`), kept around its marker; '' when unquoted. */
function quoteOf(secret: string): string {
  const first = secret.charCodeAt(0);
  if (secret.length < 2 || (first !== 34 && first !== 39) || secret.charCodeAt(secret.length - 1) !== first) return '';
  return first === 34 ? '"' : "'";
}

/**
 * Replaces every valid match of one pattern. An `exec` loop rather than `replace` with a callback:
 * calling a JavaScript function from `replace` costs more per match than finding the match.
 */
function applyPattern(text: string, p: SecretPattern): string {
  const regex = p.regex;
  regex.lastIndex = 0;
  let out = '';
  let last = 0;
  let changed = false;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    const match = m[0];
    const offset = m.index;
    if (match.length === 0) {
      regex.lastIndex = offset + 1;
      continue;
    }
    if (p.wordStart && offset > 0 && isWordCode(text.charCodeAt(offset - 1))) continue;
    const groups = m.groups;
    const back = p.startBefore ? offset - p.startBefore(text, offset) : (p.extendBack ?? 0);
    if (back > offset) continue;
    if (offset - back < last) continue;
    const secret = back > 0 ? text.slice(offset - back, offset) + match : (groups?.secret ?? match);
    if (p.validate && !p.validate(secret, groups ?? {}, text.slice(Math.max(0, offset - Math.max(16, back)), offset))) continue;
    if (isPlaceholder(secret)) continue;
    const quote = quoteOf(secret);
    const replaced = quote ? `${quote}${marker(p.kind)}${quote}` : marker(p.kind);
    out += text.slice(last, offset - back);
    out += groups?.secret === undefined ? replaced : `${groups.pre ?? ''}${replaced}${groups.post ?? ''}`;
    last = offset + match.length;
    changed = true;
  }
  return changed ? out + text.slice(last) : text;
}

/** Replaces the literal environment values (longest first, as the alternation is ordered). */
function applyEnvValues(text: string, regex: RegExp, names: ReadonlyMap<string, string>): string {
  regex.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    out += text.slice(last, m.index) + marker(`env:${names.get(m[0]) ?? 'secret'}`);
    last = m.index + m[0].length;
  }
  return last === 0 ? text : out + text.slice(last);
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const REDACTOR_KEYS = { env: true, patterns: true, minEnvValueLength: true } satisfies OptionKeys<RedactorOptions>;

/**
 * Builds a redactor: literal values of secret-named environment variables first, then the
 * built-in formats (AWS, GitHub, GitLab, Slack, Stripe, OpenAI, Anthropic, Google, npm, JWT,
 * PEM keys, Authorization headers, URL passwords, secret-named `KEY=value`), then custom ones.
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  strictOptions('createRedactor', REDACTOR_KEYS, options);
  const minLength = options.minEnvValueLength ?? 8;
  const envByValue = new Map<string, string>();
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined || value.length === 0 || value.length < minLength || !isSecretName(name)) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) if (!envByValue.has(form)) envByValue.set(form, name);
  }
  const envValues = [...envByValue.keys()].sort((a, b) => b.length - a.length);
  const envRegex = envValues.length > 0 ? new RegExp(envValues.map(escapeRegex).join('|'), 'g') : undefined;
  const custom = (options.patterns ?? []).map(compileCustom);
  const builtinsFor = createProbeFilter(BUILTIN_PATTERNS);

  function redact(text: string): string {
    if (text.length === 0) return text;
    let out = envRegex ? applyEnvValues(text, envRegex, envByValue) : text;
    for (const p of builtinsFor(out)) out = applyPattern(out, p);
    out = redactUrlPasswords(out, marker);
    out = redactBareCredentials(out, marker);
    out = redactAssignments(out, marker);
    out = redactAwsSecretsByContext(out, marker);
    for (const p of custom) out = applyPattern(out, p);
    return out;
  }

  function redactContent(content: ToolResultContent): ToolResultContent {
    return content.map((part) => (part.type === 'text' ? { ...part, text: redact(part.text) } : part));
  }

  function walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return redact(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_JSON_DEPTH) return marker('too-deep');
    // As JSON.stringify would: toJSON first (WardenError, Date…); a plain Error keeps name and message.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return walk((value as { toJSON(): unknown }).toJSON(), depth + 1);
    if (value instanceof Error) return walk({ name: value.name, message: value.message }, depth + 1);
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string' && isSecretName(key) && !isReference(v)) out[key] = marker(kindForName(key));
      else out[key] = walk(v, depth + 1);
    }
    return out;
  }

  return {
    redact,
    redactContent,
    redactJson: <T>(value: T): T => walk(value, 0) as T,
    afterTool: (ctx) => ({ content: redactContent(ctx.content) }),
  };
}
