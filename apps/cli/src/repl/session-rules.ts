import path from 'node:path';
import type { JsonObject } from '@warden/protocol';

/** "Always allow" for the rest of an interactive session: one tool and a pattern over its main argument. */
export interface SessionRule {
  tool: string;
  /** What the pattern is matched against: the shell command, a path argument, or the whole arguments. */
  on: 'command' | 'path' | 'args';
  /** `*` matches any run of characters (across `/` too); everything else is literal. */
  pattern: string;
}

function stringArg(args: JsonObject, keys: readonly string[]): string | undefined {
  for (const key of keys) if (typeof args[key] === 'string') return args[key];
  return undefined;
}

const COMMAND_KEYS = ['command', 'cmd'] as const;
const PATH_KEYS = ['path', 'file', 'dir', 'directory'] as const;

/**
 * The rule a person means by "always" for this call: the same program for a shell command
 * (`npm test` → `npm *`), the same folder for a path (`src/a.ts` → `src/*`), else exactly
 * these arguments. Never wider than the call's own tool.
 */
export function ruleFor(tool: string, args: JsonObject): SessionRule {
  const command = stringArg(args, COMMAND_KEYS);
  if (command !== undefined) {
    const program = command.trim().split(/\s+/)[0] ?? '';
    // A command that chains or substitutes is only ever allowed again exactly.
    if (/[;&|`$<>()\n]/.test(command) || program === '') return { tool, on: 'command', pattern: command };
    return { tool, on: 'command', pattern: `${program} *` };
  }
  const file = stringArg(args, PATH_KEYS);
  if (file !== undefined) {
    const dir = path.posix.dirname(file.replaceAll('\\', '/'));
    if (file.includes('..') || path.posix.isAbsolute(file)) return { tool, on: 'path', pattern: file };
    return { tool, on: 'path', pattern: dir === '.' ? '*' : `${dir}/*` };
  }
  return { tool, on: 'args', pattern: canonical(args) };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function globMatch(pattern: string, text: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(text);
}

/** True when the rule covers this call. A chained shell command never matches a program rule. */
export function ruleMatches(rule: SessionRule, tool: string, args: JsonObject): boolean {
  if (rule.tool !== tool) return false;
  if (rule.on === 'command') {
    const command = stringArg(args, COMMAND_KEYS);
    if (command === undefined) return false;
    if (rule.pattern.endsWith(' *') && /[;&|`$<>()\n]/.test(command)) return false;
    return globMatch(rule.pattern, command.trim());
  }
  if (rule.on === 'path') {
    const file = stringArg(args, PATH_KEYS);
    if (file === undefined || file.includes('..') || path.posix.isAbsolute(file)) return rule.pattern === file;
    // `src/*` covers files directly in src/, not deeper ones.
    const normalized = file.replaceAll('\\', '/');
    return globMatch(rule.pattern, normalized) && !normalized.slice(rule.pattern.length - 1).includes('/');
  }
  return rule.pattern === canonical(args);
}

/** The rules a person granted in this session, in the order granted. */
export class SessionRules {
  private readonly rules: SessionRule[] = [];

  add(rule: SessionRule): void {
    if (!this.rules.some((r) => r.tool === rule.tool && r.on === rule.on && r.pattern === rule.pattern)) this.rules.push(rule);
  }

  find(tool: string, args: JsonObject): SessionRule | undefined {
    return this.rules.find((rule) => ruleMatches(rule, tool, args));
  }

  list(): readonly SessionRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules.length = 0;
  }
}

/** `shell(npm *)`, `write_file(src/*)`. */
export function describeRule(rule: SessionRule): string {
  return `${rule.tool}(${rule.pattern})`;
}
