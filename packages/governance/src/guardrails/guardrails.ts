import { configError, policyError } from '../util/coded-errors.js';
import { textOf, type AssistantMessage } from '@warden/protocol';
import { unknownOptionError } from '@warden/protocol/checks';
import { globRegExp } from '@warden/protocol/vocabulary';
import { z } from 'zod';
import { detectPii, PII_KINDS, type PiiKind } from './pii.js';
import { findPlaceholders } from './placeholders.js';

export type GuardrailRule = 'guardrail.forbid_tool' | 'guardrail.require_tool' | 'guardrail.must_include' | 'guardrail.placeholder' | 'guardrail.max_cost' | 'guardrail.pii';

export interface GuardrailViolation {
  rule: GuardrailRule;
  /** Plain words, safe to show the model and a person: never holds the personal data found. */
  message: string;
}

const OptionsSchema = z
  .object({
    requireTools: z.array(z.string().min(1)).optional(),
    forbidTools: z.array(z.string().min(1)).optional(),
    mustInclude: z.array(z.union([z.string().min(1), z.instanceof(RegExp)])).optional(),
    noPlaceholders: z.boolean().optional(),
    maxCostUsd: z.number().nonnegative().optional(),
    pii: z.union([z.boolean(), z.object({ kinds: z.array(z.enum(PII_KINDS as [PiiKind, ...PiiKind[]])).min(1) }).strict()]).optional(),
    onViolation: z.enum(['retry', 'fail', 'warn']).optional(),
    maxRetries: z.number().int().min(0).max(10).optional(),
  })
  .strict();

export type GuardrailsOptions = z.input<typeof OptionsSchema>;

/** The slice of a run result `check` reads (core's RunResult fits). */
export interface CheckableResult {
  output: string;
  toolCalls?: ReadonlyArray<{ name: string; status?: string }>;
  costUsd?: number;
}

/** Core's hook contexts, declared structurally (governance does not import core). */
export interface GuardrailBeforeToolContext {
  runId: string;
  step: number;
  call: { id: string; name: string };
}
export interface GuardrailAfterToolContext {
  runId: string;
  call: { name: string };
  status: string;
  isError: boolean;
}
export interface GuardrailAfterModelContext {
  runId: string;
  step: number;
  response: { message: AssistantMessage; costUsd?: number };
  final: boolean;
}

export interface Guardrails {
  beforeTool(ctx: GuardrailBeforeToolContext): { block: string } | undefined;
  afterTool(ctx: GuardrailAfterToolContext): undefined;
  afterModel(ctx: GuardrailAfterModelContext): { retry: string } | undefined;
  /** Violations recorded for a run (or for every run), latest check first-come order. */
  violations(runId?: string): GuardrailViolation[];
  /** Checks a finished result without touching any state. */
  check(result: CheckableResult): GuardrailViolation[];
  /** The result with `violations` attached — what `onViolation: 'warn'` promises. */
  withViolations<R extends CheckableResult & { runId?: string }>(result: R): R & { violations: GuardrailViolation[] };
}

interface RunState {
  tools: Set<string>;
  costUsd: number;
  retries: number;
  violations: GuardrailViolation[];
}

function describePii(text: string, kinds: readonly PiiKind[]): string | undefined {
  const spans = detectPii(text, kinds);
  if (spans.length === 0) return undefined;
  const names: Record<PiiKind, string> = { card: 'card number', iban: 'IBAN', email: 'email address', phone: 'phone number' };
  const counts = new Map<PiiKind, number>();
  for (const s of spans) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${names[k]}${n > 1 ? 's' : ''}`).join(', ');
}

function parseOptions(options: GuardrailsOptions): z.output<typeof OptionsSchema> {
  const parsed = OptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // Unknown keys get the same "did you mean" message as every other factory's.
  if (issue?.code === 'unrecognized_keys' && issue.path.length === 0) throw unknownOptionError('guardrails', issue.keys, Object.keys(OptionsSchema.shape));
  const where = issue?.path.join('.') ?? '';
  throw configError({
    code: 'config.invalid',
    message: `guardrails: invalid option ${where}: ${issue?.message ?? 'invalid'}`,
    hint: 'Options: requireTools, forbidTools, mustInclude, noPlaceholders, maxCostUsd, pii, onViolation, maxRetries.',
  });
}

/**
 * Output guardrails as core hooks: forbidden tools are refused before they run; the rest is
 * checked when the agent tries to finish. `retry` tells the model in plain words what is missing
 * and gives it another turn (at most `maxRetries`, default 2; then the violations are kept as on
 * `warn`); `fail` throws a `PolicyError` (`policy.guardrail_violation`); `warn` records them.
 */
export function guardrails(options: GuardrailsOptions = {}): Guardrails {
  const o = parseOptions(options);
  const mode = o.onViolation ?? 'retry';
  const maxRetries = o.maxRetries ?? 2;
  const forbidden = (o.forbidTools ?? []).map((glob) => globRegExp(glob));
  const piiKinds = o.pii === true ? PII_KINDS : o.pii ? o.pii.kinds : undefined;
  const runs = new Map<string, RunState>();

  const stateOf = (runId: string): RunState => {
    let state = runs.get(runId);
    if (!state) {
      state = { tools: new Set(), costUsd: 0, retries: 0, violations: [] };
      runs.set(runId, state);
    }
    return state;
  };

  function evaluate(output: string, tools: ReadonlySet<string>, costUsd: number): GuardrailViolation[] {
    const out: GuardrailViolation[] = [];
    for (const tool of o.requireTools ?? []) {
      if (!tools.has(tool)) out.push({ rule: 'guardrail.require_tool', message: `You have not used the required tool "${tool}" yet; use it before giving the final answer.` });
    }
    for (const needle of o.mustInclude ?? []) {
      const found = typeof needle === 'string' ? output.toLowerCase().includes(needle.toLowerCase()) : new RegExp(needle.source, needle.flags.replace('g', '')).test(output);
      if (!found) out.push({ rule: 'guardrail.must_include', message: `The answer must include ${typeof needle === 'string' ? `"${needle}"` : `text matching ${String(needle)}`}.` });
    }
    if (o.noPlaceholders) {
      for (const what of findPlaceholders(output)) out.push({ rule: 'guardrail.placeholder', message: `The answer contains ${what}; replace it with the real content.` });
    }
    if (piiKinds) {
      const pii = describePii(output, piiKinds);
      if (pii) out.push({ rule: 'guardrail.pii', message: `The answer contains personal data (${pii}); remove it.` });
    }
    if (o.maxCostUsd !== undefined && costUsd > o.maxCostUsd) {
      out.push({ rule: 'guardrail.max_cost', message: `The run cost $${costUsd.toFixed(4)}, over the $${o.maxCostUsd.toFixed(4)} limit.` });
    }
    return out;
  }

  function check(result: CheckableResult): GuardrailViolation[] {
    const ran = (result.toolCalls ?? []).filter((c) => c.status === undefined || c.status === 'ok').map((c) => c.name);
    const forbiddenRan = [...new Set(ran.filter((name) => forbidden.some((re) => re.test(name))))];
    const out: GuardrailViolation[] = forbiddenRan.map((name) => ({ rule: 'guardrail.forbid_tool', message: `The tool "${name}" is not allowed in this run.` }));
    return [...out, ...evaluate(result.output, new Set(ran), result.costUsd ?? 0)];
  }

  return {
    beforeTool(ctx) {
      if (!forbidden.some((re) => re.test(ctx.call.name))) return undefined;
      const message = `The tool "${ctx.call.name}" is not allowed in this run.`;
      stateOf(ctx.runId).violations.push({ rule: 'guardrail.forbid_tool', message });
      return { block: message };
    },
    afterTool(ctx) {
      if (ctx.status === 'ok' && !ctx.isError) stateOf(ctx.runId).tools.add(ctx.call.name);
      return undefined;
    },
    afterModel(ctx) {
      const state = stateOf(ctx.runId);
      state.costUsd += ctx.response.costUsd ?? 0;
      if (!ctx.final) return undefined;
      // A forbidden tool was refused before it ran, and the model went on: under `fail` that alone fails the run.
      const blocked = mode === 'fail' ? state.violations.filter((v) => v.rule === 'guardrail.forbid_tool') : [];
      const found = evaluate(textOf(ctx.response.message), state.tools, state.costUsd);
      if (found.length === 0 && blocked.length === 0) return undefined;
      const overBudget = found.some((v) => v.rule === 'guardrail.max_cost');
      if (mode === 'fail') {
        state.violations.push(...found);
        throw policyError({
          code: 'policy.guardrail_violation',
          message: `Guardrails failed: ${[...new Set([...blocked, ...found].map((v) => v.rule))].join(', ')}.`,
          hint: 'Read the violations, adjust the task or the guardrails, and run again.',
        });
      }
      if (mode === 'retry' && !overBudget && state.retries < maxRetries) {
        state.retries += 1;
        return { retry: `Your answer is not finished yet. Please fix the following and answer again:\n${found.map((v) => `- ${v.message}`).join('\n')}` };
      }
      state.violations.push(...found);
      return undefined;
    },
    violations(runId) {
      if (runId !== undefined) return [...(runs.get(runId)?.violations ?? [])];
      return [...runs.values()].flatMap((s) => s.violations);
    },
    check,
    withViolations(result) {
      const recorded = result.runId !== undefined ? (runs.get(result.runId)?.violations ?? []) : [];
      const fresh = check(result);
      const merged = [...recorded, ...fresh.filter((v) => !recorded.some((r) => r.rule === v.rule && r.message === v.message))];
      return { ...result, violations: merged };
    },
  };
}
