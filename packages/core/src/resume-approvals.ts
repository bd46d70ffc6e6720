import { approvalDigest } from '@warden/protocol/policy';
import {
  PolicyError,
  SessionError,
  toolCallsOf,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Message,
  type ToolCallPart,
  type ToolResultPart,
} from '@warden/protocol';
import { policyError, sessionError } from './coded-errors.js';
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
 *
 * Fails closed. An approval runs only when every copy names the same call: the
 * session's request (its arguments still hash to its digest) and the answer
 * (the digest it was given for, when it carries one) — else `policy.approval_invalid`
 * and nothing runs. And it runs only once the answer is recorded in the session:
 * a resumer whose append fails (another process resumed first: `session.version_conflict`)
 * throws and runs nothing.
 */
export async function settlePendingApprovals(
  run: RunContext,
  pending: readonly ApprovalRequest[],
  approvals: Readonly<Record<string, ApprovalAnswer>> | undefined,
  continueWithout: boolean,
): Promise<ApprovalRequest[]> {
  const still: ApprovalRequest[] = [];
  const settled: Array<{ request: ApprovalRequest; call: ToolCallPart; answer: ApprovalAnswer }> = [];
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
    answer = personCheck(request.decision, answer);
    if (answer.outcome === 'approved') {
      const problem = copyProblem(request, answer);
      if (problem) throw approvalMismatch(request, problem);
    }
    settled.push({ request, call, answer });
  }
  const priors = new Map<string, PriorApproval>();
  const calls: ToolCallPart[] = [];
  for (const { request, call, answer } of settled) {
    if (run.session) {
      const record = [approvalRecord(request, answer)];
      if (answer.outcome !== 'approved') await run.session.write(record);
      else {
        try {
          await run.session.writeOrThrow(record);
        } catch (error) {
          throw notRecorded(request, error);
        }
      }
    }
    // Exactly the stored call: the name and arguments the approval was asked for (their digest was checked above).
    calls.push({ ...call, name: request.call.name, args: request.call.args });
    priors.set(call.id, { decision: request.decision, answer });
  }
  if (calls.length > 0) {
    const outcome = await runToolCalls(run, calls, run.state.step, priors);
    insertResults(run.state.messages, outcome.results);
  }
  return still;
}

/** Why the session's copy of a request and the answer do not name one call, or undefined when they do. */
function copyProblem(request: ApprovalRequest, answer: ApprovalAnswer): string | undefined {
  if (request.digest === undefined) return 'the session\'s request carries no digest';
  let digest: string;
  try {
    digest = approvalDigest({ name: request.call.name, args: request.call.args });
  } catch {
    return 'the session\'s request has arguments that cannot be canonicalised';
  }
  if (digest !== request.digest) return 'the tool name or arguments in the session changed after the request was made';
  if (answer.digest !== undefined && answer.digest !== request.digest) return 'the answer was given for another call than the one the session holds';
  return undefined;
}

function approvalMismatch(request: ApprovalRequest, problem: string): PolicyError {
  return policyError({
    code: 'policy.approval_invalid',
    message: `approval ${request.id} (call ${request.call.id}) does not verify: ${problem}; nothing was run`,
    hint: 'A stored copy of the approval was changed after it was made. Run the task again to ask anew.',
  });
}

function notRecorded(request: ApprovalRequest, error: unknown): unknown {
  if (SessionError.isInstance(error) && error.code === 'session.version_conflict') {
    return sessionError({
      code: 'session.version_conflict',
      message: `approval ${request.id}: the session changed while this resume was recording it (another process resumed it first); nothing was run`,
      hint: 'Load the session again: the call has run, or is running, elsewhere.',
      cause: error,
    });
  }
  return error;
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
