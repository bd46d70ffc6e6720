import { didYouMean } from '@warden/protocol/checks';
import type { z } from 'zod';
import { HarnessConfig } from './harness-config.js';
import type { HarnessOptions } from './harness-options.js';
import { configError } from './coded-errors.js';

/** One problem with the options, at a key path (`shell.timeoutMs`). */
export interface OptionIssue {
  path: string;
  message: string;
  /** What to do about it (`did you mean "approver"?`). */
  hint?: string;
}

export interface OptionsValidation {
  ok: boolean;
  errors: OptionIssue[];
  warnings: OptionIssue[];
}

/** Keys only a program can set: checked by type here, not by the config schema. */
const RUNTIME_KEYS = ['workdir', 'provider', 'approver', 'sessions', 'approvals', 'approvalKey', 'sealKey', 'audit', 'env', 'sessionId', 'owner', 'tools', 'hooks', 'compactNow', 'budgetAlerts', 'providerCatalog', 'askUser', 'sandbox', 'semanticMemory'] as const;

function keyPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(root)';
}

/** The keys allowed at a path of the config schema (for "did you mean"). */
function keysAt(path: readonly PropertyKey[]): string[] {
  let schema: z.ZodType = HarnessConfig;
  for (const part of path) {
    const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType>; valueType?: z.ZodType; options?: z.ZodType[] } }).def;
    const unwrapped = def.type === 'optional' && def.innerType ? (def.innerType as unknown as { def: typeof def }).def : def;
    if (unwrapped.type === 'object' && unwrapped.shape && typeof part === 'string' && unwrapped.shape[part]) schema = unwrapped.shape[part];
    else if (unwrapped.type === 'record' && unwrapped.valueType) schema = unwrapped.valueType;
    else return [];
  }
  const def = (schema as unknown as { def: { type: string; innerType?: { def: { shape?: Record<string, unknown> } }; shape?: Record<string, unknown> } }).def;
  const shape = def.shape ?? def.innerType?.def.shape;
  return shape ? Object.keys(shape) : [];
}

function runtimeProblems(options: Record<string, unknown>): OptionIssue[] {
  const out: OptionIssue[] = [];
  if (typeof options.workdir !== 'string' || options.workdir.length === 0) out.push({ path: 'workdir', message: 'workdir must be a non-empty path', hint: 'pass the workspace directory the agent works in' });
  const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null;
  if (options.provider !== undefined && typeof options.provider !== 'string' && !(isObject(options.provider) && typeof (options.provider as { complete?: unknown }).complete === 'function')) {
    out.push({ path: 'provider', message: 'provider must be a provider name or a ProviderV1 object' });
  }
  if (options.approver !== undefined && !['none', 'yes', 'durable'].includes(options.approver as string) && !(isObject(options.approver) && typeof (options.approver as { approve?: unknown }).approve === 'function')) {
    out.push({ path: 'approver', message: 'approver must be none, yes, durable or an ApproverV1 object' });
  }
  for (const key of ['sessions', 'approvals'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'string' && !isObject(value)) out.push({ path: key, message: `${key} must be a location or a store object` });
  }
  const catalog = options.providerCatalog as { builtins?: unknown; plugins?: unknown } | undefined;
  if (catalog !== undefined && !(isObject(catalog) && Array.isArray(catalog.builtins) && Array.isArray(catalog.plugins))) {
    out.push({ path: 'providerCatalog', message: 'providerCatalog must be a ProviderCatalog (withProviders(DEFAULT_PROVIDER_CATALOG, [...]) from @warden/providers)' });
  }
  for (const key of ['tools', 'hooks'] as const) if (options[key] !== undefined && !Array.isArray(options[key])) out.push({ path: key, message: `${key} must be an array` });
  const owner = options.owner;
  if (owner !== undefined && (!isObject(owner) || Object.entries(owner as object).some(([k, v]) => !['userId', 'tenantId'].includes(k) || typeof v !== 'string' || v.length === 0))) {
    out.push({ path: 'owner', message: 'owner must be { userId?, tenantId? } with non-empty strings' });
  }
  const audit = options.audit;
  if (audit !== undefined && audit !== false && !isObject(audit)) out.push({ path: 'audit', message: 'audit must be false or { file?, key?, keyEnv? }' });
  const tracing = options.tracing as { tracerProvider?: unknown } | undefined;
  if (isObject(tracing) && tracing!.tracerProvider !== undefined && !(isObject(tracing!.tracerProvider) && typeof (tracing!.tracerProvider as { getTracer?: unknown }).getTracer === 'function')) {
    out.push({ path: 'tracing.tracerProvider', message: 'tracing.tracerProvider must have getTracer(name) (an OpenTelemetry TracerProvider)' });
  }
  const alerts = options.budgetAlerts as { budgets?: unknown; record?: unknown } | undefined;
  if (alerts !== undefined && !(isObject(alerts) && (typeof alerts.record === 'function' || Array.isArray(alerts.budgets)))) {
    out.push({ path: 'budgetAlerts', message: 'budgetAlerts must be { budgets, webhooks?, onAlert? } or a budgetAlerts(...) instance' });
  }
  return out;
}

function warningsFor(options: HarnessOptions): OptionIssue[] {
  const out: OptionIssue[] = [];
  if (options.mode === 'read-only' && options.approver !== undefined && options.approver !== 'none') {
    out.push({ path: 'approver', message: 'read-only mode never asks, so the approver is never used' });
  }
  if (options.mode === 'yolo' && options.approver === 'yes') out.push({ path: 'approver', message: 'yolo mode asks only for what needs a person, which an automatic yes cannot give' });
  if (options.builtinTools?.shell === false && options.shell !== undefined) out.push({ path: 'shell', message: 'shell options are set but the shell tool is switched off' });
  for (const [name, server] of Object.entries(options.mcpServers ?? {})) {
    if ((server.command === undefined) === (server.url === undefined)) continue;
    if (server.trust === 'trusted') out.push({ path: `mcpServers.${name}.trust`, message: `MCP server ${name} is trusted: its tool descriptions and results will not taint runs` });
  }
  return out;
}

/**
 * Checks harness options and returns every error and warning at once (never just the first):
 * unknown keys with "did you mean", wrong types with their key paths, and combinations that
 * do nothing. The declarative part goes through the published `HarnessConfig` schema.
 */
export function validateHarnessOptions(input: unknown): OptionsValidation {
  const errors: OptionIssue[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ path: '(root)', message: 'options must be an object' }], warnings: [] };
  }
  const options = input as Record<string, unknown>;
  const declarative: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if ((RUNTIME_KEYS as readonly string[]).includes(key)) continue;
    declarative[key] = value;
  }
  if (typeof options.provider === 'string') declarative.provider = options.provider;
  if (typeof options.approver === 'string') declarative.approver = options.approver;
  if (typeof options.sessions === 'string') declarative.sessions = options.sessions;
  if (typeof options.approvals === 'string') declarative.approvals = options.approvals;
  if (typeof options.workdir === 'string') declarative.workdir = options.workdir;
  if (typeof options.tracing === 'object' && options.tracing !== null && 'tracerProvider' in options.tracing) {
    // A tracer provider is a program's value; the rest of `tracing` is declarative.
    const { tracerProvider: _provider, ...rest } = options.tracing as Record<string, unknown>;
    declarative.tracing = rest;
  }
  const parsed = HarnessConfig.safeParse(declarative);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        const known = issue.path.length === 0 ? [...keysAt([]), ...RUNTIME_KEYS] : keysAt(issue.path);
        for (const key of issue.keys) {
          const guess = didYouMean(key, known);
          errors.push({ path: keyPath([...issue.path, key]), message: `unknown option "${keyPath([...issue.path, key])}"`, ...(guess ? { hint: `did you mean "${keyPath([...issue.path, guess])}"?` } : {}) });
        }
      } else errors.push({ path: keyPath(issue.path), message: `"${keyPath(issue.path)}" is invalid: ${issue.message}` });
    }
  }
  // One problem per key: the schema and the runtime checks may both catch the same one.
  for (const problem of runtimeProblems(options)) if (!errors.some((e) => e.path === problem.path)) errors.push(problem);
  const warnings = errors.length === 0 ? warningsFor(options as unknown as HarnessOptions) : [];
  return { ok: errors.length === 0, errors, warnings };
}

/** Validates and throws one ConfigError that lists every problem. */
export function assertHarnessOptions(input: unknown): OptionIssue[] {
  const result = validateHarnessOptions(input);
  if (result.ok) return result.warnings;
  const first = result.errors[0]!;
  const unknown = result.errors.some((e) => e.message.startsWith('unknown option'));
  throw configError({
    code: unknown ? 'config.unknown_key' : 'config.invalid',
    message: `createHarness: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'} with the options: ${result.errors.map((e) => e.message + (e.hint ? ` (${e.hint})` : '')).join('; ')}`,
    hint: first.hint ?? 'See HarnessConfig (and its JSON Schema) for the accepted keys.',
  });
}
