import { SessionError, WardenError, type Handoff, type HandoffReceipt, type RunEvent, type RunEventOf } from '@warden/protocol';
import type { Harness, TraceContextCarrier } from '@warden/harness';
import type { ApprovalInstructions, McpAgent } from './mcp-agent.js';

/** What a harness run returns (core's `RunResult`, as the harness hands it back). */
type RunResult = Awaited<ReturnType<Harness['run']>>;

/** A tool call's arguments, validated. */
export interface AgentCallInput {
  task: string;
  sessionId?: string;
  /** With `sessionId`: start that session when the store has none by that id (an A2A context's first message). */
  createSession?: boolean;
  /** A handoff received with the call and accepted: the run starts from it (`RunOptions.received`). */
  received?: { handoff: Handoff; receipt: HandoffReceipt };
}

/** A call that asked a question nobody could answer (no approver, or only an automatic yes where a person was required). */
export interface AgentCallRefusal {
  tool: string;
  rule: string;
  reason: string;
  taintSource?: string;
}

export interface AgentCallApproval {
  id: string;
  tool: string;
  rule: string;
  reason: string;
  howToApprove: string;
}

/** The structured content of an agent tool's result (its `outputSchema`). */
export interface AgentCallOutput {
  [key: string]: unknown;
  agent: string;
  stopReason: RunResult['stopReason'] | 'rejected';
  sessionId?: string;
  steps: number;
  tainted: boolean;
  refusals: AgentCallRefusal[];
  pendingApprovals: AgentCallApproval[];
  error?: { code: string; message: string };
}

/** What a call returns, before it is put into an MCP result. */
export interface AgentCallOutcome {
  text: string;
  output: AgentCallOutput;
  isError: boolean;
}

export interface AgentCallContext {
  signal: AbortSignal;
  /** Reports one line of progress (sent only when the client asked with a progress token). */
  progress?: (message: string) => void;
  approvalInstructions: ApprovalInstructions;
  /** The caller's W3C trace context: with tracing on, the run's spans join the caller's trace. */
  traceContext?: TraceContextCarrier;
}

function isMissingSession(error: unknown): boolean {
  return SessionError.isInstance(error) && error.code === 'session.not_found';
}

function refusalOf(event: RunEventOf<'tool_decision'>): AgentCallRefusal | undefined {
  if (event.decision.effect !== 'ask') return undefined;
  const answer = event.approval;
  const unanswered = answer === undefined || (answer.outcome === 'denied' && answer.automatic === true);
  if (!unanswered) return undefined;
  const source = event.decision.provenance?.taintSource;
  return { tool: event.name, rule: event.decision.rule, reason: event.decision.reason, ...(source ? { taintSource: source } : {}) };
}

/** One line of progress for the events a caller cares about (steps and tool decisions), or nothing. */
export function progressLine(event: RunEvent): string | undefined {
  switch (event.type) {
    case 'step_start':
      return `step ${event.step}`;
    case 'tool_decision':
      return `${event.name}: ${event.decision.effect}${event.approval ? ` → ${event.approval.outcome}` : ''} (${event.decision.rule})`;
    case 'tool_result':
      return `${event.name}: ${event.status}`;
    case 'approval_pending':
      return `waiting for approval ${event.request.id} (${event.request.call.name})`;
    case 'run_end':
      return `run ended: ${event.stopReason}`;
    default:
      return undefined;
  }
}

function answerText(agent: string, result: RunResult, approvals: AgentCallApproval[], refusals: AgentCallRefusal[]): string {
  const lines: string[] = [];
  if (result.output) lines.push(result.output);
  if (result.stopReason === 'approval') {
    lines.push(`The ${agent} run is waiting for a person's approval and did not finish (session ${result.sessionId ?? '-'}). Nothing was run for these calls:`);
    for (const a of approvals) lines.push(`- approval ${a.id}: ${a.tool} (${a.rule}: ${a.reason}). ${a.howToApprove}`);
    lines.push('Once a person has decided (and resumed) it, call this tool again with the same sessionId to continue the conversation.');
  } else if (result.stopReason !== 'done') {
    lines.push(`The run stopped: ${result.stopReason}${result.error ? ` (${result.error.code}: ${result.error.message})` : ''}.`);
  }
  if (refusals.length > 0) {
    lines.push('Refused (needed a person; nobody could be asked):');
    for (const r of refusals) lines.push(`- ${r.tool}: ${r.rule} — ${r.reason}${r.taintSource ? ` (after reading ${r.taintSource})` : ''}`);
  }
  return lines.join('\n') || '(no answer)';
}

/** A call's failure as a tool error result: a Warden error by its code and message (which never hold secrets), anything else in general words. */
export function failedCall(agent: string, error: unknown, sessionId?: string): AgentCallOutcome {
  const known = WardenError.isInstance(error) ? { code: error.code, message: error.message } : { code: 'internal.unexpected', message: 'the run failed inside the server' };
  return {
    text: `${agent} failed: ${known.code}: ${known.message}`,
    output: { agent, stopReason: 'error', ...(sessionId ? { sessionId } : {}), steps: 0, tainted: false, refusals: [], pendingApprovals: [], error: known },
    isError: true,
  };
}

/**
 * Runs one tool call through the agent's governed harness: a new conversation, or, with a
 * `sessionId`, the next message of that one (its stored calls settled first). Events become
 * progress lines; a parked question becomes an approval with the way a person decides it.
 */
export async function runAgentCall(agent: McpAgent, input: AgentCallInput, ctx: AgentCallContext): Promise<AgentCallOutcome> {
  const refusals: AgentCallRefusal[] = [];
  const onEvent = (event: RunEvent): void => {
    if (event.type === 'tool_decision') {
      const refusal = refusalOf(event);
      if (refusal) refusals.push(refusal);
    }
    const line = ctx.progress ? progressLine(event) : undefined;
    if (line) ctx.progress!(line);
  };
  const trust = agent.trust ?? 'user';
  const options = { signal: ctx.signal, onEvent, trust, ...(ctx.traceContext ? { traceContext: ctx.traceContext } : {}), ...(input.received ? { received: input.received } : {}) };
  let result: RunResult;
  try {
    const { sessionId } = input;
    if (!sessionId) result = await agent.harness.run(input.task, options);
    else {
      try {
        result = await agent.harness.resume(sessionId, { ...options, task: input.task });
      } catch (error) {
        if (!input.createSession || !isMissingSession(error)) throw error;
        // A new conversation under a name the caller's protocol chose: the same composition, that session id.
        result = await (await agent.harness.with({ sessionId })).run(input.task, options);
      }
    }
  } catch (error) {
    return failedCall(agent.name, error, input.sessionId);
  }
  const approvals: AgentCallApproval[] = (result.pendingApprovals ?? (result.pendingApproval ? [result.pendingApproval] : [])).map((request) => ({
    id: request.id,
    tool: request.call.name,
    rule: request.decision.rule,
    reason: request.decision.reason,
    howToApprove: ctx.approvalInstructions(request.id),
  }));
  const output: AgentCallOutput = {
    agent: agent.name,
    stopReason: result.stopReason,
    ...(result.sessionId ? { sessionId: result.sessionId } : {}),
    steps: result.steps,
    tainted: result.tainted,
    refusals,
    pendingApprovals: approvals,
    ...(result.error ? { error: result.error } : {}),
  };
  return { text: answerText(agent.name, result, approvals, refusals), output, isError: result.stopReason === 'error' };
}
