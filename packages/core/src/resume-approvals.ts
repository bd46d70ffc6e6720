import {
  toolCallsOf,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Message,
  type ToolCallPart,
  type ToolResultPart,
} from '@warden/protocol';
import { personCheck } from './approval.js';
import type { RunContext } from './run-context.js';
import { approvalRecord } from './session-writer.js';
import type { PriorApproval } from './tool-decision.js';
import { runToolCalls } from './tool-step.js';

/**
 * Settles the calls a session left waiting for an approval, without asking the
 * model: an approved call runs exactly as stored, a denied one gets a denial
 * result. With `continueWithout` (a new task on a session that still waits),
 * unanswered calls are denied; otherwise they stay pending and are returned.
 */
export async function settlePendingApprovals(
  run: RunContext,
  pending: readonly ApprovalRequest[],
  approvals: Readonly<Record<string, ApprovalAnswer>> | undefined,
  continueWithout: boolean,
): Promise<ApprovalRequest[]> {
  const still: ApprovalRequest[] = [];
  const priors = new Map<string, PriorApproval>();
  const calls: ToolCallPart[] = [];
  for (const request of pending) {
    let answer = approvals?.[request.call.id] ?? approvals?.[request.id];
    if (!answer || answer.outcome === 'pending') {
      if (!continueWithout) {
        still.push(request);
        continue;
      }
      answer = { outcome: 'denied', note: 'the conversation continued before anyone answered', automatic: true };
    }
    const call = findCall(run.state.messages, request.call.id);
    if (!call) {
      run.warn('core.approval_call_missing', `approval ${request.id} names call ${request.call.id}, which the session does not hold`);
      continue;
    }
    // Exactly the stored call: the name and arguments the approval was asked for.
    calls.push({ ...call, name: request.call.name, args: request.call.args });
    answer = personCheck(request.decision, answer);
    priors.set(call.id, { decision: request.decision, answer });
    if (run.session) await run.session.write([approvalRecord(request, answer)]);
  }
  if (calls.length > 0) {
    const outcome = await runToolCalls(run, calls, run.state.step, priors);
    insertResults(run.state.messages, outcome.results);
  }
  return still;
}

function findCall(messages: readonly Message[], callId: string): ToolCallPart | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const found = toolCallsOf(messages[i]!).find((c) => c.id === callId);
    if (found) return found;
  }
  return undefined;
}

/** Puts results into the tool message after their assistant message, in the order the model asked. */
export function insertResults(messages: Message[], results: readonly ToolResultPart[]): void {
  const byIndex = new Map<number, ToolResultPart[]>();
  for (const result of results) {
    for (let i = messages.length - 1; i >= 0; i--) {
      if (toolCallsOf(messages[i]!).some((c) => c.id === result.callId)) {
        byIndex.set(i, [...(byIndex.get(i) ?? []), result]);
        break;
      }
    }
  }
  for (const index of [...byIndex.keys()].sort((a, b) => b - a)) {
    const order = toolCallsOf(messages[index]!).map((c) => c.id);
    const next = messages[index + 1];
    const existing = next?.role === 'tool' ? next.parts : [];
    const parts = [...existing, ...byIndex.get(index)!].sort((a, b) => order.indexOf(a.callId) - order.indexOf(b.callId));
    if (next?.role === 'tool') messages[index + 1] = { role: 'tool', parts };
    else messages.splice(index + 1, 0, { role: 'tool', parts });
  }
}
