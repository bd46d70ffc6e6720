import type { JsonObject, RunEvent } from '@warden/protocol';

/** One thing that happened in an agent run, in the order it happened. */
export type TimelineEntry =
  | { kind: 'run_start'; task: string; provider: string; model: string; sessionId?: string }
  | { kind: 'model_turn'; step: number; text: string }
  | { kind: 'tool_call'; step: number; callId: string; name: string; args: JsonObject }
  | { kind: 'gate_decision'; step: number; callId: string; name: string; effect: 'allow' | 'deny' | 'ask'; rule: string; reason: string }
  | { kind: 'approval'; step: number; callId: string; name: string; outcome: 'approved' | 'denied' | 'pending'; by?: string; automatic?: boolean }
  | { kind: 'tool_result'; step: number; callId: string; name: string; status: string; text: string; durationMs: number }
  | { kind: 'run_end'; stopReason: string; steps: number; output: string };

/** The audit trail's hash-chain check, as the harness reports it. */
export interface TimelineAudit {
  ok: boolean;
  entries: number;
  signaturesChecked?: boolean;
  brokenAt?: number;
  problem?: string;
}

/** Where the run's records were stored, read back after it ended. */
export interface TimelineSession {
  id: string;
  records: number;
  store: string;
}

export interface RunTimeline {
  entries: TimelineEntry[];
  audit?: TimelineAudit;
  session?: TimelineSession;
}

/** Tool output is long (file contents, logs); the timeline keeps the start and says it cut. */
const MAX_RESULT_CHARS = 2000;

function clip(text: string): string {
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}… (${text.length - MAX_RESULT_CHARS} more characters)` : text;
}

/**
 * The timeline of a run, built from its events only (what happened, not what a
 * script hoped): model turns, tool calls, the gate's decision with its reason,
 * approvals and denials, tool results and the stop. Streaming deltas are skipped:
 * the assistant message carries the whole turn.
 */
export function runTimelineFromEvents(events: readonly RunEvent[], extra: Omit<RunTimeline, 'entries'> = {}): RunTimeline {
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'run_start':
        entries.push({ kind: 'run_start', task: event.task, provider: event.provider, model: event.model, ...(event.sessionId ? { sessionId: event.sessionId } : {}) });
        break;
      case 'assistant_message': {
        const text = event.message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('').trim();
        if (text !== '') entries.push({ kind: 'model_turn', step: event.step, text });
        break;
      }
      case 'tool_call':
        entries.push({ kind: 'tool_call', step: event.step, callId: event.callId, name: event.name, args: event.args });
        break;
      case 'tool_decision': {
        const { effect, rule, reason } = event.decision;
        entries.push({ kind: 'gate_decision', step: event.step, callId: event.callId, name: event.name, effect, rule, reason });
        const a = event.approval;
        if (a) entries.push({ kind: 'approval', step: event.step, callId: event.callId, name: event.name, outcome: a.outcome, ...(a.by ? { by: a.by } : {}), ...(a.automatic !== undefined ? { automatic: a.automatic } : {}) });
        break;
      }
      case 'tool_result': {
        const text = event.content.map((c) => (c.type === 'text' ? c.text : `[${c.mediaType}]`)).join('').trim();
        entries.push({ kind: 'tool_result', step: event.step, callId: event.callId, name: event.name, status: event.status, text: clip(text), durationMs: event.durationMs });
        break;
      }
      case 'run_end':
        entries.push({ kind: 'run_end', stopReason: event.stopReason, steps: event.steps, output: clip(event.output) });
        break;
      default:
        break;
    }
  }
  return { entries, ...extra };
}
