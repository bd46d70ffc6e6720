import { chargeModelCall } from './usage-accounting.js';
import {
  toolCallsOf,
  type AssistantMessage,
  type CallOptions,
  type ModelRequest,
  type ModelResponse,
} from '@warden/protocol';
import { providerError } from './coded-errors.js';
import { ABORTED, raceAbort } from './abort.js';
import { maybeCompact } from './compaction.js';
import { readStream } from './read-stream.js';
import { applyBeforeModel } from './hooks.js';
import { deepFreeze } from './freeze.js';
import type { RunContext } from './run-context.js';

export type StepMode = 'normal' | 'wrap_up';

/**
 * One model call: compact if needed → build the request → beforeModel hooks →
 * call the provider (streaming deltas out as events) → account usage → append
 * and store the assistant message. Returns undefined when the run was aborted
 * before the response was complete (nothing is appended then).
 */
export async function modelStep(run: RunContext, mode: StepMode): Promise<ModelResponse | undefined> {
  if (run.options.compaction && !run.state.compactionStuck) await maybeCompact(run);
  if (run.signal.aborted) return undefined;
  const { state } = run;
  state.step += 1;
  const step = state.step;
  run.emit({ type: 'step_start', step });
  const built = buildRequest(run, mode);
  const request = run.options.hooks.length > 0 ? await applyBeforeModel(run.options.hooks, run.runId, step, built) : built;
  const response = await callProvider(run, request, step);
  if (response === ABORTED) return undefined;

  let message: AssistantMessage = response.message;
  if (mode === 'wrap_up' && toolCallsOf(message).length > 0) {
    // The wrap-up may not act: calls in it would stay without results, so they are dropped.
    message = { role: 'assistant', parts: message.parts.filter((p) => p.type !== 'tool_call') };
    run.warn('core.wrap_up_tool_calls_dropped', 'the model asked for tools in its wrap-up answer; those calls were dropped');
  }
  chargeModelCall(run, 'model', response);
  state.messages.push(message);
  state.reportedContext = { tokens: response.usage.inputTokens + response.usage.outputTokens, messageCount: state.messages.length };
  run.emit({ type: 'assistant_message', step, message });
  if (run.session) void run.session.message(message);
  return message === response.message ? response : { ...response, message };
}

function buildRequest(run: RunContext, mode: StepMode): ModelRequest {
  const { options, state } = run;
  // Already-frozen messages (all but the newest, usually) cost one check each.
  for (const message of state.messages) deepFreeze(message);
  const request: ModelRequest = {
    messages: run.systemMessage ? [run.systemMessage, ...state.messages] : [...state.messages],
  };
  if (run.toolSpecs.length > 0) {
    // Tools stay declared in the wrap-up (some vendors refuse tool history without them); `none` forbids calls.
    request.tools = [...run.toolSpecs];
    if (mode === 'wrap_up') request.toolChoice = 'none';
  }
  if (options.output) request.responseFormat = { type: 'json', name: 'output', ...(options.outputSchema ? { schema: options.outputSchema } : {}) };
  return request;
}

async function callProvider(run: RunContext, request: ModelRequest, step: number): Promise<ModelResponse | typeof ABORTED> {
  const callOptions: CallOptions = {
    signal: run.signal,
    onNotice: (notice) => run.emit({ type: 'provider_notice', notice }),
  };
  const provider = run.options.provider;
  if (!run.options.streaming) return raceAbort(provider.complete(request, callOptions), run.signal);

  const iterator = provider.stream(request, callOptions)[Symbol.asyncIterator]();
  const response = await readStream(iterator, run.signal, (part) => {
    if (part.type === 'text_delta') run.emit({ type: 'text_delta', step, text: part.text });
    else if (part.type === 'thinking_delta') run.emit({ type: 'thinking_delta', step, text: part.text });
  });
  if (response === ABORTED) return ABORTED;
  if (!response) {
    throw providerError({
      code: 'provider.bad_response',
      message: `the ${provider.id} stream ended without a finish part`,
      provider: provider.id,
      retryable: false,
      hint: 'A ProviderV1 stream must end with one { type: "finish", response } part.',
    });
  }
  return response;
}
