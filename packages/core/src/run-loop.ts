import { errorCodeOf, RunError, textOf, toolCallsOf, userMessage, type ApprovalRequest, type ImagePart, type JsonObject, type JsonValue, type Message, type StopReason, type TextPart } from '@warden/protocol';
import { runError } from './coded-errors.js';
import { activeBreach, budgetError } from './budget.js';
import { applyHandoff } from './handoff-switch.js';
import type { AgentBuilder } from './resolve-options.js';
import { applyAfterModel } from './hooks.js';
import { modelStep } from './model-step.js';
import type { RunContext } from './run-context.js';
import type { RunResult } from './run-result.js';
import { parseStructured, structuredRetryText } from './structured-output.js';
import { runToolCalls } from './tool-step.js';

export const WRAP_UP_TEXT =
  'You have reached the turn limit for this run, so no more tools can be called. Reply now with your final answer: what you did, what you found, and what remains undone.';

interface FinishExtra {
  output?: string;
  structured?: unknown;
  error?: { code: string; message: string };
  pendingApprovals?: ApprovalRequest[];
}

/** Appends a user message to the history and the session. */
export function pushUser(run: RunContext, text: string, attachments: readonly (TextPart | ImagePart)[] = []): void {
  const message: Message = attachments.length === 0 ? userMessage(text) : { role: 'user', parts: [{ type: 'text', text }, ...attachments.map((p) => ({ ...p }))] };
  run.state.messages.push(message);
  if (run.session) void run.session.message(message);
}

function lastAssistantText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant') {
      const text = textOf(m);
      if (text !== '') return text;
    }
  }
  return '';
}

/**
 * The loop: stop checks at the step boundary (abort, budget, turn limit) →
 * model step → final answer (afterModel retry, structured output) or the
 * tool phase → again. Every way out goes through `finish`.
 */
export async function runLoop(run: RunContext, build: AgentBuilder): Promise<RunResult> {
  const { state } = run;
  let outputRetries = 0;
  // Errors thrown on purpose after run_end went out; anything else still ends the run properly.
  let thrown: RunError | undefined;
  try {
    for (;;) {
      if (run.signal.aborted) return await finish(run, 'aborted');
      // A graceful stop lands here, between steps: the step in flight has finished and is recorded.
      if (run.stopSignal?.aborted) return await finish(run, 'stopped');
      // The agent holding the conversation may change at a handoff: read its options each step.
      const options = run.options;
      const found = activeBreach(run);
      if (found) {
        const { breach } = found;
        const output = [lastAssistantText(state.messages), breach.line].filter((s) => s !== '').join('\n\n');
        if (found.budget.onExceed === 'throw') {
          const error = budgetError(breach);
          await finish(run, 'budget', { output, error: { code: error.code, message: error.message } });
          thrown = error;
          throw error;
        }
        return await finish(run, 'budget', { output });
      }
      if (state.turns >= options.maxTurns) return await wrapUp(run);

      const response = await modelStep(run, 'normal');
      if (!response) return await finish(run, 'aborted');
      state.turns += 1;
      const calls = toolCallsOf(response.message);
      const final = calls.length === 0;
      const retry = options.hooks.length > 0 ? await applyAfterModel(options.hooks, run.runId, state.step, response, final) : undefined;
      if (final) {
        if (retry !== undefined) {
          pushUser(run, retry);
          continue;
        }
        const text = textOf(response.message);
        if (!options.output) return await finish(run, 'done', { output: text });
        const parsed = parseStructured(options.output, text);
        if (parsed.ok) return await finish(run, 'done', { output: text, structured: parsed.value });
        if (outputRetries < options.outputRetries) {
          outputRetries += 1;
          pushUser(run, structuredRetryText(parsed.message));
          continue;
        }
        const error = runError({
          code: 'run.structured_output_failed',
          message: `the final answer did not match the output schema after ${outputRetries + 1} attempts: ${parsed.message}`,
          hint: 'Raise outputRetries, simplify the schema, or describe the format in the system prompt.',
        });
        await finish(run, 'error', { output: text, error: { code: error.code, message: error.message } });
        thrown = error;
        throw error;
      }

      const outcome = await runToolCalls(run, calls, state.step);
      if (outcome.results.length > 0) state.messages.push({ role: 'tool', parts: outcome.results });
      if (outcome.pending.length > 0) {
        // A transfer granted beside a parked call waits with it: the handing agent still holds the conversation.
        if (state.pendingHandoff) {
          state.warnings.push(`the handoff to ${state.pendingHandoff.to} was not applied: a call of the same step waits for an approval`);
          state.pendingHandoff = undefined;
        }
        for (const request of outcome.pending) state.warnings.push(`call ${request.call.id} (${request.call.name}) waits for an approval`);
        return await finish(run, 'approval', { pendingApprovals: outcome.pending });
      }
      if (state.pendingHandoff) await applyHandoff(run, build);
    }
  } catch (error) {
    if (thrown !== undefined && error === thrown) throw error;
    if (run.signal.aborted) return finish(run, 'aborted');
    return finish(run, 'error', { error: { code: errorCodeOf(error), message: error instanceof Error ? error.message : String(error) } });
  }
}

async function wrapUp(run: RunContext): Promise<RunResult> {
  pushUser(run, WRAP_UP_TEXT);
  const response = await modelStep(run, 'wrap_up');
  if (!response) return finish(run, 'aborted');
  // Hooks see the wrap-up too; a retry cannot be honoured past the turn limit.
  await applyAfterModel(run.options.hooks, run.runId, run.state.step, response, true);
  const text = textOf(response.message);
  if (run.options.output) {
    const parsed = parseStructured(run.options.output, text);
    if (parsed.ok) return finish(run, 'max_turns', { output: text, structured: parsed.value });
  }
  return finish(run, 'max_turns', { output: text });
}

/** Ends a run: the `meta` record, the `run_end` event, the result. */
export async function finish(run: RunContext, stopReason: StopReason, extra: FinishExtra = {}): Promise<RunResult> {
  const { state } = run;
  const output = extra.output ?? lastAssistantText(state.messages);
  const result: RunResult = {
    runId: run.runId,
    output,
    messages: state.messages,
    usage: { ...state.usage },
    costUsd: state.costUsd,
    spend: state.spend.map((line) => ({ ...line, usage: { ...line.usage } })),
    steps: state.step,
    stopReason,
    toolCalls: state.toolCalls,
    tainted: state.tainted,
    taintSources: [...state.taintSources],
    warnings: state.warnings,
    agent: run.agent,
    nextAgent: nextAgent(run),
    handoffs: [...state.handoffs],
    toolCache: { ...state.toolCache.stats },
  };
  if (run.session) result.sessionId = run.session.sessionId;
  if (extra.structured !== undefined) result.structured = extra.structured;
  if (extra.error) result.error = extra.error;
  if (extra.pendingApprovals && extra.pendingApprovals.length > 0) {
    result.pendingApproval = extra.pendingApprovals[0]!;
    result.pendingApprovals = extra.pendingApprovals;
  }
  if (run.session) {
    const spend = state.spend.map((line) => ({ ...line, usage: { ...line.usage } })) as unknown as JsonValue;
    const value: JsonObject = { runId: run.runId, stopReason, steps: state.step, provider: run.options.provider.id, model: run.options.provider.model, spend };
    if (run.agent !== run.root.name || run.root.handoffs) value.agent = run.agent;
    if (state.label !== undefined) value.label = state.label;
    if (state.agentVersion !== undefined) value.agentVersion = state.agentVersion;
    const cache = state.toolCache.stats;
    if (cache.hits + cache.misses > 0) value.toolCache = { hits: cache.hits, misses: cache.misses };
    // The run's usage and cost are already on its `spend` records (summed by the stores); not counted twice.
    await run.session.meta('run', value);
    await run.session.flush();
  }
  run.emit({
    type: 'run_end',
    stopReason,
    output,
    steps: state.step,
    usage: { ...state.usage },
    costUsd: state.costUsd,
    ...(extra.error ? { error: extra.error } : {}),
  });
  return result;
}

/** Who answers the next turn: the holder, unless it came by a non-sticky handoff (then the agent that handed off). */
function nextAgent(run: RunContext): string {
  const last = run.state.handoffs.at(-1);
  if (last && last.to === run.agent && last.sticky === false) return last.from;
  return run.agent;
}
