import { textOf, type AfterModelContext, type AfterToolContext, type BeforeModelContext, type Message, type ProviderV1 } from '@warden/protocol';
import { policyError } from '../util/coded-errors.js';
import { checkRails, type RailCheck } from './check-rails.js';
import { redact, type RailFinding } from './rail-finding.js';
import { buildRails, type RailSpec } from './rail-spec.js';

export interface ContentRailsOptions {
  /** Rails on the run's input (the task and what is attached to it), checked before the first model call. */
  input?: readonly RailSpec[];
  /** Rails on the final answer. */
  output?: readonly RailSpec[];
  /** The model the judges ask (the harness passes its own). */
  provider?: ProviderV1;
  /** On the answer: `retry` (default) tells the model what is wrong and lets it answer again, `fail` throws, `warn` records. On the input, `warn` records and anything else refuses the run. */
  onViolation?: 'retry' | 'fail' | 'warn';
  /** Retries on the answer (default 2); after them the findings are recorded as on `warn`. */
  maxRetries?: number;
  /** On the input, remove the detectors' spans (secrets, personal data, injected text) instead of refusing; judges' findings still refuse. */
  redactInput?: boolean;
  /** Told of every check that found something, or whose judge failed and was allowed. */
  onEvent?: (event: RailEvent) => void;
}

/** One check of the rails, as an event: never holds the text or the values found. */
export interface RailEvent {
  runId: string;
  stage: 'input' | 'output';
  /** What the rails did: the run refused or failed, the answer sent back, the input redacted, or only recorded. */
  action: 'refused' | 'failed' | 'retry' | 'redacted' | 'recorded' | 'allowed';
  findings: RailFinding[];
  judged: string[];
  failures: Array<{ rail: string; reason: string }>;
}

export interface ContentRails {
  beforeModel(ctx: BeforeModelContext): Promise<{ request: BeforeModelContext['request'] } | undefined>;
  afterTool(ctx: AfterToolContext): undefined;
  afterModel(ctx: AfterModelContext): Promise<{ retry: string } | undefined>;
  /** Every event of a run (or of every run), in order. */
  events(runId?: string): RailEvent[];
}

interface RunState {
  /** The input was checked (on the run's first model call). */
  inputChecked: boolean;
  sources: string[];
  retries: number;
  events: RailEvent[];
}

const describe = (findings: readonly RailFinding[]): string => [...new Set(findings.map((f) => `- ${f.message}`))].join('\n');

/** The user messages the run starts with: after the last assistant message of the first request. */
function newInput(messages: readonly Message[]): number[] {
  let last = -1;
  messages.forEach((m, i) => {
    if (m.role === 'assistant') last = i;
  });
  return messages.flatMap((m, i) => (i > last && m.role === 'user' ? [i] : []));
}

/**
 * Content rails as core hooks (seed 003 "Deterministic detectors", "LLM judges"): input rails
 * check the task on the run's first model call; output rails check the final answer against the
 * run's tool text. Detectors run first and judges only when they pass. Specs are validated here,
 * so a misspelt rail is an error when the harness is built, not when a run reaches it.
 */
export function contentRails(options: ContentRailsOptions): ContentRails {
  const input = buildRails(options.input ?? [], { ...(options.provider ? { provider: options.provider } : {}), where: 'guardrails.input' });
  const output = buildRails(options.output ?? [], { ...(options.provider ? { provider: options.provider } : {}), where: 'guardrails.output' });
  const mode = options.onViolation ?? 'retry';
  const maxRetries = options.maxRetries ?? 2;
  const runs = new Map<string, RunState>();
  const stateOf = (runId: string): RunState => {
    let state = runs.get(runId);
    if (!state) {
      state = { inputChecked: false, sources: [], retries: 0, events: [] };
      runs.set(runId, state);
    }
    return state;
  };
  const record = (runId: string, stage: RailEvent['stage'], action: RailEvent['action'], check: RailCheck): void => {
    const event: RailEvent = { runId, stage, action, findings: check.findings, judged: check.judged, failures: check.failures };
    stateOf(runId).events.push(event);
    options.onEvent?.(event);
  };
  const hasInput = input.detectors.length + input.judges.length > 0;
  const hasOutput = output.detectors.length + output.judges.length > 0;

  return {
    async beforeModel(ctx) {
      if (!hasInput) return undefined;
      const state = stateOf(ctx.runId);
      if (state.inputChecked) return undefined;
      state.inputChecked = true;
      const indexes = newInput(ctx.request.messages);
      let messages = ctx.request.messages;
      let changed = false;
      const all: RailCheck = { findings: [], judged: [], failures: [] };
      for (const i of indexes) {
        const message = messages[i]!;
        if (message.role !== 'user') continue;
        const parts: typeof message.parts = [];
        let touched = false;
        for (const part of message.parts) {
          if (part.type !== 'text') {
            parts.push(part);
            continue;
          }
          const check = await checkRails(input, part.text);
          all.findings.push(...check.findings);
          all.judged.push(...check.judged);
          all.failures.push(...check.failures);
          const removable = check.findings.filter((f) => f.spans.length > 0);
          if (options.redactInput && removable.length > 0) {
            parts.push({ ...part, text: redact(part.text, removable) });
            touched = true;
            changed = true;
          } else parts.push(part);
        }
        if (touched) messages = messages.map((m, k) => (k === i ? { ...message, parts } : m));
      }
      const blocking = options.redactInput ? all.findings.filter((f) => f.spans.length === 0) : all.findings;
      if (all.findings.length === 0) {
        if (all.failures.length > 0) record(ctx.runId, 'input', 'allowed', all);
        return undefined;
      }
      if (blocking.length > 0 && mode !== 'warn') {
        record(ctx.runId, 'input', 'refused', all);
        throw policyError({
          code: 'policy.guardrail_violation',
          message: `The input guardrails refused the task: ${[...new Set(blocking.map((f) => f.rail))].join(', ')}.\n${describe(blocking)}`,
          hint: 'Remove what the rails found from the task, or adjust guardrails.input.',
        });
      }
      record(ctx.runId, 'input', changed ? 'redacted' : 'recorded', all);
      return changed ? { request: { ...ctx.request, messages } } : undefined;
    },
    afterTool(ctx) {
      if (!hasOutput || ctx.isError || ctx.status !== 'ok') return undefined;
      const text = ctx.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
      if (text.length > 0) stateOf(ctx.runId).sources.push(text);
      return undefined;
    },
    async afterModel(ctx) {
      if (!hasOutput || !ctx.final) return undefined;
      const state = stateOf(ctx.runId);
      const check = await checkRails(output, textOf(ctx.response.message), { sources: state.sources });
      if (check.findings.length === 0) {
        if (check.failures.length > 0) record(ctx.runId, 'output', 'allowed', check);
        return undefined;
      }
      if (mode === 'fail') {
        record(ctx.runId, 'output', 'failed', check);
        throw policyError({
          code: 'policy.guardrail_violation',
          message: `The output guardrails failed: ${[...new Set(check.findings.map((f) => f.rail))].join(', ')}.\n${describe(check.findings)}`,
          hint: 'Read the findings, adjust the task or guardrails.output, and run again.',
        });
      }
      if (mode === 'retry' && state.retries < maxRetries) {
        state.retries += 1;
        record(ctx.runId, 'output', 'retry', check);
        return { retry: `That answer does not pass this task's content rules yet:\n${describe(check.findings)}\n\nPut it right and answer again.` };
      }
      record(ctx.runId, 'output', 'recorded', check);
      return undefined;
    },
    events(runId) {
      if (runId !== undefined) return [...(runs.get(runId)?.events ?? [])];
      return [...runs.values()].flatMap((s) => s.events);
    },
  };
}
