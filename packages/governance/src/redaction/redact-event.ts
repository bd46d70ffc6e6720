import { HANDOFF_LIMITS } from '@warden/protocol/handoff';
import type { ApprovalRequest, AssistantMessage, Decision, Handoff, JsonObject, Message, RunEvent } from '@warden/protocol';
import type { Redactor } from './redactor.js';

/** What the channel helpers need of a redactor (`createRedactor()` gives it). */
export type TextRedactor = Pick<Redactor, 'redact' | 'redactJson' | 'redactContent'>;

/**
 * A string for display from any thrown or reported value, redacted: a string as it is, an error
 * by its message (with its `code` in front when it has one, as Warden errors do), anything else
 * through `String()`. For error messages, reports, logs and terminal output.
 */
export function redactText(redactor: Pick<Redactor, 'redact'>, value: unknown): string {
  if (typeof value === 'string') return redactor.redact(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return redactor.redact(typeof code === 'string' ? `${code}: ${value.message}` : value.message);
  }
  return redactor.redact(String(value));
}

function redactDecision(redactor: TextRedactor, decision: Decision): Decision {
  return { ...decision, reason: redactor.redact(decision.reason) };
}

function redactArgs(redactor: TextRedactor, args: JsonObject): JsonObject {
  return redactor.redactJson(args);
}

/**
 * An approval request as a person or a store may see it: the call's arguments (values under
 * secret-named keys replaced, every string redacted) and the decision's reason. Ids, names, the
 * digest and dates are kept, so the answer still binds to the request.
 */
export function redactApprovalRequest(redactor: TextRedactor, request: ApprovalRequest): ApprovalRequest {
  return { ...request, call: { ...request.call, args: redactArgs(redactor, request.call.args) }, decision: redactDecision(redactor, request.decision) };
}

function redactAssistant(redactor: TextRedactor, message: AssistantMessage): AssistantMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      if (part.type === 'tool_call') return { ...part, args: redactArgs(redactor, part.args) };
      // A thinking part's signature must go back to the vendor unchanged; its text is shown.
      return { ...part, text: redactor.redact(part.text) };
    }),
  };
}

/** A message of a conversation, redacted in every text the model or a tool wrote (images and ids kept). */
export function redactMessage(redactor: TextRedactor, message: Message): Message {
  switch (message.role) {
    case 'system':
      return message;
    case 'user':
      return { ...message, parts: message.parts.map((p) => (p.type === 'text' ? { ...p, text: redactor.redact(p.text) } : p)) };
    case 'assistant':
      return redactAssistant(redactor, message);
    case 'tool':
      return { ...message, parts: message.parts.map((p) => ({ ...p, content: redactor.redactContent(p.content) })) };
  }
}

/**
 * A copy of a run event with every free text redacted — tool output, progress messages,
 * warnings, the model's text and thinking, tool-call arguments, decision reasons, approval
 * requests and notes, provider notices, taint reasons, the final output and the error message —
 * and its structure (type, ids, names, codes, numbers, dates) untouched, so it still validates
 * against the `RunEvent` schema. Apply it wherever events leave the loop: the session, the
 * audit trail, the terminal, a report.
 *
 * `text_delta`/`thinking_delta` are redacted one delta at a time: a secret split across two
 * deltas is not recognised there (the `assistant_message` that follows carries the whole text).
 */
export function redactEvent(redactor: TextRedactor, event: RunEvent): RunEvent {
  switch (event.type) {
    case 'run_start':
      return { ...event, task: redactor.redact(event.task) };
    case 'text_delta':
    case 'thinking_delta':
      return { ...event, text: redactor.redact(event.text) };
    case 'assistant_message':
      return { ...event, message: redactAssistant(redactor, event.message) };
    case 'tool_call':
      return { ...event, args: redactArgs(redactor, event.args) };
    case 'tool_decision': {
      const approval = event.approval?.note === undefined ? event.approval : { ...event.approval, note: redactor.redact(event.approval.note) };
      return { ...event, decision: redactDecision(redactor, event.decision), ...(approval === undefined ? {} : { approval }) };
    }
    case 'tool_result':
      return { ...event, content: redactor.redactContent(event.content) };
    case 'tool_progress':
      return { ...event, message: redactor.redact(event.message) };
    case 'progress':
      // The todo list and the source ledger are the model's words: redacted like any other text it wrote.
      return {
        ...event,
        ...(event.todos ? { todos: event.todos.map((t) => ({ ...t, content: redactor.redact(t.content), ...(t.note !== undefined ? { note: redactor.redact(t.note) } : {}) })) } : {}),
        ...(event.sources ? { sources: event.sources.map((s) => ({ ...s, ref: redactor.redact(s.ref), finding: redactor.redact(s.finding), ...(s.title !== undefined ? { title: redactor.redact(s.title) } : {}) })) } : {}),
      };
    case 'warning':
      return { ...event, message: redactor.redact(event.message) };
    case 'approval_pending':
      return { ...event, request: redactApprovalRequest(redactor, event.request) };
    case 'provider_notice':
      return { ...event, notice: { ...event.notice, reason: redactor.redact(event.notice.reason) } };
    case 'taint':
      return { ...event, source: redactor.redact(event.source), reason: redactor.redact(event.reason) };
    case 'run_end':
      return { ...event, output: redactor.redact(event.output), ...(event.error ? { error: { ...event.error, message: redactor.redact(event.error.message) } } : {}) };
    case 'scope':
      return { ...event, scope: { ...event.scope, hosts: event.scope.hosts.map((h) => ({ ...h, ...(h.text ? { text: redactor.redact(h.text) } : {}) })) } };
    case 'handoff':
      return { ...event, handoff: redactHandoff(redactor, event.handoff), receipt: event.receipt.reason === undefined ? event.receipt : { ...event.receipt, reason: redactor.redact(event.receipt.reason).slice(0, HANDOFF_LIMITS.reasonChars) } };
    case 'change_set':
      return { ...event, changes: event.changes.map((c) => ({ ...c, path: redactor.redact(c.path) })) };
    case 'step_start':
    case 'usage':
    case 'compaction':
    case 'subagent':
      return event;
  }
}

/** A handoff with its model-written text redacted (summary, artifacts, next action, metadata), cut back to the protocol's limits. */
export function redactHandoff(redactor: TextRedactor, handoff: Handoff): Handoff {
  const L = HANDOFF_LIMITS;
  return {
    ...handoff,
    contextSummary: redactor.redact(handoff.contextSummary).slice(0, L.contextSummaryChars),
    artifacts: handoff.artifacts.map((a) => redactor.redact(a).slice(0, L.artifactChars)),
    ...(handoff.suggestedNextAction !== undefined ? { suggestedNextAction: redactor.redact(handoff.suggestedNextAction).slice(0, L.suggestedNextActionChars) } : {}),
    metadata: redactor.redactJson(handoff.metadata),
  };
}

/** The parts of core's `RunResult` that hold free text (declared structurally: governance does not import core). */
export interface RedactableRunResult {
  output: string;
  warnings: string[];
  error?: { code: string; message: string };
  messages?: Message[];
  toolCalls?: Array<{ args: JsonObject; decision?: Decision }>;
  pendingApproval?: ApprovalRequest;
  pendingApprovals?: ApprovalRequest[];
  handoffs?: Handoff[];
}

/** A run result with its output, warnings, error message, messages, call arguments and pending approvals redacted. */
export function redactRunResult<T extends RedactableRunResult>(redactor: TextRedactor, result: T): T {
  const out: T = { ...result, output: redactor.redact(result.output), warnings: result.warnings.map((w) => redactor.redact(w)) };
  if (result.error) out.error = { ...result.error, message: redactor.redact(result.error.message) };
  if (result.messages) out.messages = result.messages.map((m) => redactMessage(redactor, m));
  if (result.handoffs) out.handoffs = result.handoffs.map((h) => redactHandoff(redactor, h));
  if (result.toolCalls) {
    out.toolCalls = result.toolCalls.map((c) => ({ ...c, args: redactArgs(redactor, c.args), ...(c.decision ? { decision: redactDecision(redactor, c.decision) } : {}) }));
  }
  if (result.pendingApproval) out.pendingApproval = redactApprovalRequest(redactor, result.pendingApproval);
  if (result.pendingApprovals) out.pendingApprovals = result.pendingApprovals.map((r) => redactApprovalRequest(redactor, r));
  return out;
}
