import path from 'node:path';
import type { JsonObject } from '@warden/protocol';
import { describeShellGrant, shellGrantCovers, shellGrantOf, type GrantableAnalysis, type ShellGrant } from '@warden/governance';

/** "Always allow" for the rest of an interactive session: one tool and a pattern over its main argument. */
export interface SessionRule {
  tool: string;
  /** What the pattern is matched against: the shell command, a path argument, or the whole arguments. */
  on: 'command' | 'path' | 'args';
  /** For paths, `*` matches any run of characters; a command's pattern is only its description. */
  pattern: string;
  /** A shell command's grant, on the parsed command (governance's `shellGrantOf`); without one only the identical text matches. */
  grant?: ShellGrant;
}

function stringArg(args: JsonObject, keys: readonly string[]): string | undefined {
  for (const key of keys) if (typeof args[key] === 'string') return args[key];
  return undefined;
}

const COMMAND_KEYS = ['command', 'cmd'] as const;
const PATH_KEYS = ['path', 'file', 'dir', 'directory'] as const;

/**
 * The rule a person means by "always" for this call: for a shell command, the same parsed command
 * (`analysis` is the shell analyzer's reading of it; a command that chains, pipes, substitutes or
 * redirects gets no grant and is allowed again only as the identical text); the same folder for a
 * path (`src/a.ts` → `src/*`); else exactly these arguments. Never wider than the call's own tool.
 */
export function ruleFor(tool: string, args: JsonObject, analysis?: GrantableAnalysis): SessionRule {
  const command = stringArg(args, COMMAND_KEYS);
  if (command !== undefined) {
    const grant = analysis === undefined ? undefined : shellGrantOf(analysis);
    return grant ? { tool, on: 'command', pattern: describeShellGrant(grant), grant } : { tool, on: 'command', pattern: command };
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

/** True when the rule covers this call. A shell grant matches only the same parsed command (never without `analysis`). */
export function ruleMatches(rule: SessionRule, tool: string, args: JsonObject, analysis?: GrantableAnalysis): boolean {
  if (rule.tool !== tool) return false;
  if (rule.on === 'command') {
    const command = stringArg(args, COMMAND_KEYS);
    if (command === undefined) return false;
    if (rule.grant) return analysis !== undefined && shellGrantCovers(rule.grant, analysis);
    return command === rule.pattern;
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

  find(tool: string, args: JsonObject, analysis?: GrantableAnalysis): SessionRule | undefined {
    return this.rules.find((rule) => ruleMatches(rule, tool, args, analysis));
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
