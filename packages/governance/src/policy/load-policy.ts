import { policyError } from '../util/coded-errors.js';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { PolicyError, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { yamlModule } from './yaml-module.js';
import type { z } from 'zod';
import { checkRuleExamples, type Locate } from './check-examples.js';
import { compileRule, type CompiledRule, type RuleOrigin } from './compiled-rule.js';
import type { Policy } from './policy.js';
import { PolicyFile } from './policy-schema.js';
import { fieldName, lineOf } from './source-locator.js';

/** Largest policy file accepted. */
export const MAX_POLICY_BYTES = 1024 * 1024;

export interface LoadPolicyOptions {
  /** `workspace` for a file found in the directory the agent works in: it can only tighten (see `mergePolicies`). Default `user`. */
  origin?: RuleOrigin;
  /** A name for messages, usually the file path. */
  source?: string;
  /** Default: from the source's extension, else YAML (which also reads JSON). */
  format?: 'json' | 'yaml';
}

const HINT = 'Fix the policy file at the line and field named; see the @warden/governance README for the format.';

function invalid(message: string, cause?: unknown): PolicyError {
  return policyError({ code: 'policy.invalid', message, hint: HINT, ...(cause !== undefined ? { cause } : {}) });
}

const LOAD_POLICY_KEYS = { origin: true, source: true, format: true } satisfies OptionKeys<LoadPolicyOptions>;

/**
 * Parses and validates a policy from text (JSON or YAML). Errors carry the
 * line and the field; conditions are compiled and rule examples checked, so
 * a policy that loads is a policy whose own examples hold.
 */
export function parsePolicy(text: string, options: LoadPolicyOptions = {}): Policy {
  strictOptions('parsePolicy', LOAD_POLICY_KEYS, options);
  const name = options.source ?? 'policy';
  if (Buffer.byteLength(text, 'utf8') > MAX_POLICY_BYTES) throw invalid(`${name}: a policy file may be at most ${MAX_POLICY_BYTES} bytes`);
  const format = options.format ?? (options.source && extname(options.source).toLowerCase() === '.json' ? 'json' : 'yaml');
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      const position = /position (\d+)/.exec(String((error as Error).message));
      const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
      throw invalid(`${name}${line ? `:${line}` : ''}: not valid JSON (${(error as Error).message})`);
    }
  }
  const { LineCounter, parseDocument } = yamlModule();
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = syntax.linePos?.[0].line ?? counter.linePos(syntax.pos[0]).line;
    throw invalid(`${name}${line ? `:${line}` : ''}: ${syntax.message.split('\n')[0] ?? 'syntax error'}`);
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 50 });
  } catch (error) {
    throw invalid(`${name}: ${(error as Error).message}`, error);
  }
  const locate: Locate = (path) => {
    const line = lineOf(doc, counter, path);
    return line === undefined ? name : `${name}:${line}`;
  };
  const parsed = PolicyFile.safeParse(raw ?? {});
  if (!parsed.success) throw zodFailure(parsed.error, name, (path, atKey) => lineOf(doc, counter, path, atKey));
  return buildPolicy(parsed.data, { origin: options.origin ?? 'user', source: name, locate });
}

/** Reads and parses a policy file. */
export async function loadPolicyFile(file: string, options: Omit<LoadPolicyOptions, 'source'> = {}): Promise<Policy> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(`cannot read the policy file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, error);
  }
  return parsePolicy(text, { ...options, source: file });
}

/** Validates a policy given as a value (from code or an already-parsed config). */
export function definePolicy(input: unknown, options: { origin?: RuleOrigin; source?: string } = {}): Policy {
  const name = options.source ?? 'policy';
  const parsed = PolicyFile.safeParse(input);
  if (!parsed.success) throw zodFailure(parsed.error, name, () => undefined);
  return buildPolicy(parsed.data, { origin: options.origin ?? 'user', source: name, locate: () => name });
}

function zodFailure(error: z.ZodError, name: string, line: (path: PropertyKey[], atKey: boolean) => number | undefined): PolicyError {
  const issue = error.issues[0];
  if (!issue) return invalid(`${name}: invalid policy`);
  let path: PropertyKey[] = [...issue.path];
  let atKey = false;
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    path = [...path, key];
    atKey = true;
    message = `unknown key ${JSON.stringify(key)}`;
  }
  const at = line(path, atKey);
  return invalid(`${name}${at ? `:${at}` : ''}: ${fieldName(path)}: ${message}`, error);
}

function buildPolicy(file: PolicyFile, context: { origin: RuleOrigin; source: string; locate: Locate }): Policy {
  const rules: CompiledRule[] = [];
  const seen = new Set<string>();
  (file.rules ?? []).forEach((input, index) => {
    const where = context.locate(['rules', index]);
    if (seen.has(input.id)) throw invalid(`${where}: rules[${index}].id: the id ${JSON.stringify(input.id)} is used twice`);
    seen.add(input.id);
    let rule: CompiledRule;
    try {
      rule = compileRule(input, context.origin, where);
    } catch (error) {
      if (PolicyError.isInstance(error)) throw invalid(`${context.locate(['rules', index, 'when'])}: rules[${index}].when: ${error.message}`, error);
      throw error;
    }
    checkRuleExamples(rule, ['rules', index], context.locate);
    rules.push(rule);
  });
  return {
    origin: context.origin,
    source: context.source,
    ...(file.mode ? { mode: file.mode } : {}),
    denyList: file.denyList ?? [],
    protectedPaths: file.protectedPaths ?? [],
    rules,
    taint: {
      allowHosts: file.taint?.allowHosts ?? [],
      guardTools: file.taint?.guardTools ?? [],
      taintTools: file.taint?.taintTools ?? [],
    },
  };
}
