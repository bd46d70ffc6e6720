import { errorCodeOf, textContent, type ApprovalRequest, type JsonObject, type SessionRecord, type ToolCallPart, type ToolResultPart } from '@warden/protocol';
import { pathArguments } from '@warden/protocol/policy';
import { applyAfterTool } from './hooks.js';
import { addTaint } from './run-authority.js';
import type { RunContext } from './run-context.js';
import type { ToolCallSummary } from './run-result.js';
import { mapWithConcurrency } from './tool-concurrency.js';
import { decideCall, type PreparedCall, type PriorApproval } from './tool-decision.js';
import { executeTool, NOT_STARTED_TEXT, type ExecutionOutcome } from './tool-execution.js';

export interface ToolStepOutcome {
  /** One result per call that has one, in the order the model asked. */
  results: ToolResultPart[];
  /** Calls parked for a durable approval. */
  pending: ApprovalRequest[];
}

/**
 * The tool phase of a step. Decisions are made one call at a time in the
 * model's order (so approvers never see two prompts at once), the cleared
 * calls then run concurrently under the cap, and each result is finished
 * (afterTool hooks, event, session record) as soon as its call ends.
 */
export async function runToolCalls(run: RunContext, calls: readonly ToolCallPart[], step: number, priors?: ReadonlyMap<string, PriorApproval>): Promise<ToolStepOutcome> {
  const prepared: PreparedCall[] = [];
  const records: SessionRecord[] = [];
  for (const call of calls) {
    run.emit({ type: 'tool_call', step, callId: call.id, name: call.name, args: call.args });
    if (run.signal.aborted) {
      prepared.push({ kind: 'done', call, gateCall: { id: call.id, name: call.name, args: call.args }, status: 'not_started', text: NOT_STARTED_TEXT });
      continue;
    }
    const deciding = decideCall(run, call, step, priors?.get(call.id));
    const decided = deciding instanceof Promise ? await deciding : deciding;
    prepared.push(decided.prepared);
    for (const record of decided.records) records.push(record);
  }
  // Every decision is stored before any call runs: a call record without a result means the process died mid-call.
  if (run.session) await run.session.write(records);

  const finished = await mapWithConcurrency(prepared, run.options.concurrency, async (item) => {
    if (item.kind === 'pending') return undefined;
    const started = performance.now();
    const { outcome, cached } =
      item.kind === 'run'
        ? await run.state.toolCache.run(item.tool, item.args, () => executeTool(run, item))
        : { outcome: { status: item.status, content: textContent(item.text), isError: true } as ExecutionOutcome, cached: false };
    return finishCall(run, item, outcome, step, performance.now() - started, cached);
  });

  const results: ToolResultPart[] = [];
  for (const done of finished) {
    if (!done) continue;
    results.push(done.result);
    run.state.toolCalls.push(done.summary);
  }
  const pending = prepared.flatMap((p) => (p.kind === 'pending' ? [p.request] : []));
  // The results are not awaited here: they commit while the next model call is in flight, and
  // always before the next step's decisions (the writer appends in order), so before any later
  // tool runs. The run flushes before it returns, so acknowledged still means durable.
  return { results, pending };
}

async function finishCall(
  run: RunContext,
  item: PreparedCall,
  outcome: ExecutionOutcome,
  step: number,
  durationMs: number,
  cached = false,
): Promise<{ result: ToolResultPart; summary: ToolCallSummary }> {
  const { call, gateCall } = item;
  let content = outcome.content;
  let isError = outcome.isError;
  if (run.options.hooks.length > 0) {
    try {
      const after = await applyAfterTool(run.options.hooks, { runId: run.runId, step, call: gateCall, status: outcome.status }, content, isError);
      content = after.content;
      isError = after.isError;
      for (const taint of after.taints) addTaint(run, taint);
    } catch (error) {
      // Fail closed: afterTool is where redaction runs, so unfiltered output must not get through.
      run.warn('core.hook_failed', `an afterTool hook failed (${errorCodeOf(error)}); the output of ${call.name} was withheld`);
      content = textContent('The output of this tool was withheld because a safety hook failed while processing it.');
      isError = true;
    }
  }
  if (outcome.status === 'ok') recordTouchedPaths(run, call.name, call.args);
  // A call that may have changed the world (any tool not declared read-only) empties the cache.
  if (item.kind === 'run' && !cached && item.tool.annotations?.readOnly !== true && outcome.status !== 'not_started') run.state.toolCache.clear();
  // A copy of each content part: the message is frozen before it is sent, and the tool's own objects must not be.
  const result: ToolResultPart = { type: 'tool_result', callId: call.id, name: call.name, content: content.map((part) => ({ ...part })), isError };
  run.emit({ type: 'tool_result', step, callId: call.id, name: call.name, status: outcome.status, isError, content, durationMs: Math.max(0, durationMs), ...(cached ? { cached } : {}) });
  if (run.session) void run.session.toolResult(result);
  const summary: ToolCallSummary = { id: call.id, name: call.name, args: call.args, status: outcome.status, ...(item.decision ? { decision: item.decision } : {}), ...(cached ? { cached } : {}) };
  return { result, summary };
}

/**
 * Remembers what a successful mutating call wrote (as the model named it, by protocol's one list
 * of path arguments), so the gate can tell a run's own files from others (GateContext.touchedPaths).
 */
function recordTouchedPaths(run: RunContext, toolName: string, args: JsonObject): void {
  if (run.tools.get(toolName)?.annotations?.readOnly === true) return;
  for (const { value } of pathArguments(args).paths) if (value !== '') run.state.touchedPaths.add(value);
}
