import { approvalDigest } from '@warden/protocol/policy';
import {
  errorCodeOf,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Decision,
  type GateCall,
  type JsonObject,
  type SessionRecord,
  type ToolCallPart,
  type ToolResultStatus,
  type ToolV1,
} from '@warden/protocol';
import { askApprover } from './approval.js';
import { validateArgs } from './args-validation.js';
import { applyBeforeTool } from './hooks.js';
import { newId } from './ids.js';
import type { RunContext } from './run-context.js';
import { approvalRecord, now, toolCallRecord } from './session-writer.js';
import { isThenable } from './is-thenable.js';

interface Base {
  call: ToolCallPart;
  gateCall: GateCall;
  decision?: Decision;
}

/** Text as one sentence: a full stop added unless it already ends with one (no "run.." in messages). */
function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A call cleared to run. */
export interface RunnableCall extends Base {
  kind: 'run';
  tool: ToolV1;
  args: JsonObject;
}
/** A call that ends without running: its result is already known. */
export interface SettledCall extends Base {
  kind: 'done';
  status: ToolResultStatus;
  text: string;
}
/** A call parked for a durable approval: no result until someone answers. */
export interface PendingCall extends Base {
  kind: 'pending';
  request: ApprovalRequest;
}
export type PreparedCall = RunnableCall | SettledCall | PendingCall;

/** An answer that already exists (a resumed approval): the gate and approver are not asked again. */
export interface PriorApproval {
  decision: Decision;
  answer: ApprovalAnswer;
}

type Decided = { prepared: PreparedCall; records: SessionRecord[] };

/**
 * Validate → beforeTool hooks → gate → approver, for one call. Returns what
 * to do with it and the records to store before anything runs. Without
 * hooks, with a synchronous gate and no approver involved, it answers
 * synchronously (no promise), so a cleared call starts in the same tick.
 */
export function decideCall(run: RunContext, call: ToolCallPart, step: number, prior?: PriorApproval): Decided | Promise<Decided> {
  const tool = run.tools.get(call.name);
  const gateCall: GateCall = { id: call.id, name: call.name, args: call.args, ...(tool?.annotations ? { annotations: tool.annotations } : {}) };
  const settle = (status: ToolResultStatus, text: string, decision?: Decision): Decided => ({
    prepared: { kind: 'done', call, gateCall, status, text, ...(decision ? { decision } : {}) },
    records: stored(run, () => [toolCallRecord(call, decision)]),
  });

  if (!tool) {
    const names = [...run.tools.keys()];
    return settle('unknown_tool', `Unknown tool ${JSON.stringify(call.name)}. Available tools: ${names.length > 0 ? names.join(', ') : '(none)'}.`);
  }
  const validation = validateArgs(tool, call.args);
  if (!validation.ok) {
    return settle('invalid', `Invalid arguments for ${call.name}: ${validation.message}. Fix the arguments and call the tool again.`);
  }
  const args = validation.args;

  const gated = (): Decided | Promise<Decided> => {
    if (prior) {
      run.emit({ type: 'tool_decision', step, callId: call.id, name: call.name, decision: prior.decision, approval: prior.answer });
      if (prior.answer.outcome === 'approved') {
        return { prepared: { kind: 'run', call, gateCall, tool, args, decision: prior.decision }, records: [] };
      }
      return { prepared: { kind: 'done', call, gateCall, status: 'denied', text: deniedByApprover(prior.answer), decision: prior.decision }, records: [] };
    }
    const gateFailed = (error: unknown): Decision => ({ effect: 'deny', reason: `the gate failed (${errorCodeOf(error)}), so the call is denied`, rule: 'core.gate_error' });
    let decided: Decision | PromiseLike<Decision>;
    try {
      decided = run.options.gate.decide({ ...gateCall, args }, {
        runId: run.runId,
        step,
        tainted: run.state.tainted,
        taintSources: run.state.taintSources,
        touchedPaths: run.state.touchedPaths,
        ...(run.state.scope ? { scope: run.state.scope } : {}),
        ...(run.session ? { sessionId: run.session.sessionId } : {}),
        ...(run.options.context.userId !== undefined ? { userId: run.options.context.userId } : {}),
        ...(run.options.context.tenantId !== undefined ? { tenantId: run.options.context.tenantId } : {}),
      });
    } catch (error) {
      decided = gateFailed(error);
    }
    if (isThenable(decided)) return Promise.resolve(decided).then(apply, (error: unknown) => apply(gateFailed(error)));
    return apply(decided);
  };

  const apply = (gateDecision: Decision): Decided | Promise<Decided> => {
    const decision = tightenByTool(tool, gateDecision);
    if (decision.effect === 'allow') {
      run.emit({ type: 'tool_decision', step, callId: call.id, name: call.name, decision });
      return { prepared: { kind: 'run', call, gateCall, tool, args, decision }, records: stored(run, () => [toolCallRecord(call, decision)]) };
    }
    if (decision.effect === 'deny') {
      run.emit({ type: 'tool_decision', step, callId: call.id, name: call.name, decision });
      return settle('denied', `Denied by policy (${decision.rule}): ${sentence(decision.reason)} The call was not run.`, decision);
    }
    return ask(run, call, gateCall, tool, args, decision, step);
  };

  if (run.options.hooks.length === 0) return gated();
  return (async () => {
    let block: string | undefined;
    try {
      block = await applyBeforeTool(run.options.hooks, run.runId, step, { ...gateCall, args });
    } catch (error) {
      run.warn('core.hook_failed', `a beforeTool hook failed (${errorCodeOf(error)}); the call to ${call.name} was blocked`);
      block = 'a safety hook failed while checking this call';
    }
    if (block !== undefined) return settle('blocked', `Blocked: ${sentence(block)} The call was not run.`);
    return gated();
  })();
}


async function ask(
  run: RunContext,
  call: ToolCallPart,
  gateCall: GateCall,
  tool: ToolV1,
  args: JsonObject,
  decision: Decision,
  step: number,
): Promise<{ prepared: PreparedCall; records: SessionRecord[] }> {
  const context = run.options.context;
  const owner = run.options.session?.owner ?? {
    ...(context.userId !== undefined ? { userId: context.userId } : {}),
    ...(context.tenantId !== undefined ? { tenantId: context.tenantId } : {}),
  };
  const request: ApprovalRequest = {
    id: newId('apr'),
    runId: run.runId,
    step,
    call: { id: call.id, name: call.name, args },
    decision,
    // Binds any answer to exactly this tool and these arguments (checked by durable approval stores).
    digest: approvalDigest({ name: call.name, args }),
    requestedFor: owner,
    createdAt: now(),
    ...(run.session ? { sessionId: run.session.sessionId } : {}),
  };
  let answer = await askApprover(run.options.approver, request, run.signal);
  if (answer?.outcome === 'pending' && !run.session) {
    answer = { outcome: 'denied', note: 'a durable approval needs a session store to park the call', automatic: true };
  }
  run.emit({ type: 'tool_decision', step, callId: call.id, name: call.name, decision, ...(answer ? { approval: answer } : {}) });
  if (!answer) {
    const text = `Denied: this call needs an approval (${decision.reason}) and no approver is available, so it was not run.`;
    return { prepared: { kind: 'done', call, gateCall, status: 'denied', text, decision }, records: stored(run, () => [toolCallRecord(call, decision)]) };
  }
  if (answer.outcome === 'pending') {
    run.emit({ type: 'approval_pending', request });
    return { prepared: { kind: 'pending', call, gateCall, decision, request }, records: stored(run, () => [toolCallRecord(call, decision), approvalRecord(request)]) };
  }
  const records = stored(run, () => [toolCallRecord(call, decision), approvalRecord(request, answer)]);
  if (answer.outcome === 'approved') return { prepared: { kind: 'run', call, gateCall, tool, args, decision }, records };
  return { prepared: { kind: 'done', call, gateCall, status: 'denied', text: deniedByApprover(answer), decision }, records };
}

/**
 * A tool's own `permission` can only tighten the gate's decision (allow → ask → deny), never
 * loosen it: `deny` refuses whatever the gate said, `ask` turns an `allow` into a question, and a
 * gate's `ask` (with its `requiresPerson`) or `deny` stands as it was.
 */
export function tightenByTool(tool: ToolV1, decision: Decision): Decision {
  const permission = tool.permission ?? 'allow';
  if (permission === 'deny' && decision.effect !== 'deny') {
    return { effect: 'deny', reason: `the tool ${tool.name} declares permission "deny"`, rule: 'tool.permission', params: { tool: tool.name, permission } };
  }
  if (permission === 'ask' && decision.effect === 'allow') {
    return { effect: 'ask', reason: `the tool ${tool.name} declares permission "ask"`, rule: 'tool.permission', params: { tool: tool.name, permission }, ...(decision.provenance ? { provenance: decision.provenance } : {}) };
  }
  return decision;
}

/** Session records are built (ids, timestamps, deep copies) only when a store will keep them. */
function stored(run: RunContext, build: () => SessionRecord[]): SessionRecord[] {
  return run.session ? build() : [];
}

function deniedByApprover(answer: ApprovalAnswer): string {
  return `Denied by the approver${answer.note ? `: ${sentence(answer.note)}` : '.'} The call was not run.`;
}
