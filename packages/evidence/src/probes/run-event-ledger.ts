import type { Decision, JsonObject, RunEvent } from '@warden/protocol';
import type { EvidenceValue } from '../validation/validate-evidence.js';

type Row = { [key: string]: EvidenceValue };

export interface DerivedEvidence {
  /** Every call the model asked for, executed or not (`executed` tells them apart). */
  tool_calls: Row[];
  /** Every gate decision (allow, hard deny, ask and its answer) and every hook block. */
  approvals: Row[];
  /** Calls that ran. */
  executions: Row[];
  /** Present only when the run was stopped (aborted). */
  stop_notice?: { reason: string; seq: number };
}

/** What one run's events say, with `seq` numbers from a counter shared by a conversation. */
export interface RunEventLedger {
  add(event: RunEvent): void;
  evidence(): DerivedEvidence;
  output(): string;
  stopReason(): string | undefined;
  error(): { code: string; message: string } | undefined;
  log(): Array<{ type: string; name?: string; status?: string }>;
}

export interface RunEventLedgerOptions {
  /** Whether a tool changes state (default: every tool except read_file, list_files, grep and use_skill). */
  stateChanging?: (tool: string) => boolean;
}

/** Tool result statuses that mean the tool started running. */
const RAN = new Set(['ok', 'error', 'timeout', 'interrupted']);
const READ_ONLY = new Set(['read_file', 'list_files', 'grep', 'use_skill']);
const LOG_LIMIT = 500;

function decisionWord(decision: Decision, approval: { outcome: string } | undefined): string {
  if (decision.effect === 'allow') return 'allowed';
  if (decision.effect === 'deny') return 'blocked';
  return approval?.outcome ?? 'denied';
}

/**
 * Derives the spec's ledgers from run events:
 * - `tool_calls`: `{ tool, arguments, call_id, seq, executed }` for every call asked for;
 *   `executed` turns false when the result says the call never started (denied, blocked,
 *   invalid, unknown tool, not started). A call with no result stays `executed: true`
 *   (it may have run: the safe reading for a forbidden-call check).
 * - `approvals`: `{ approval_id, decision, action, seq, call_id, rule }` for every gate
 *   decision: `allowed`, `blocked` (a hard deny or a hook block), or the answer to an ask
 *   (`approved`, `denied`, `pending`; no approver means `denied`).
 * - `executions`: `{ tool, arguments, call_id, seq, linked_decision, approval_id, state_changing, status }`
 *   for calls that ran; `approval_id` is set when a person or approver answered, else null.
 * - `stop_notice`: `{ reason: 'aborted' | 'stopped', seq }` when the run was aborted or stopped.
 */
export function createRunEventLedger(nextSeq: () => number, options: RunEventLedgerOptions = {}): RunEventLedger {
  const stateChanging = options.stateChanging ?? ((tool: string) => !READ_ONLY.has(tool));
  const derived: DerivedEvidence = { tool_calls: [], approvals: [], executions: [] };
  const calls = new Map<string, { row: Row; args: JsonObject }>();
  const decisions = new Map<string, { id: string; asked: boolean }>();
  const log: Array<{ type: string; name?: string; status?: string }> = [];
  let output = '';
  let text = '';
  let stopReason: string | undefined;
  let error: { code: string; message: string } | undefined;

  const decide = (callId: string, tool: string, decision: string, rule: string, asked: boolean): void => {
    const id = `${callId}#${derived.approvals.length}`;
    decisions.set(callId, { id, asked });
    derived.approvals.push({ approval_id: id, decision, action: tool, seq: nextSeq(), call_id: callId, rule });
  };

  return {
    add(event) {
      if (log.length < LOG_LIMIT) {
        const name = 'name' in event && typeof event.name === 'string' ? event.name : undefined;
        const status = event.type === 'tool_result' ? event.status : event.type === 'run_end' ? event.stopReason : undefined;
        log.push({ type: event.type, ...(name === undefined ? {} : { name }), ...(status === undefined ? {} : { status }) });
      }
      switch (event.type) {
        case 'tool_call': {
          const row: Row = { tool: event.name, arguments: event.args, call_id: event.callId, seq: nextSeq(), executed: true };
          calls.set(event.callId, { row, args: event.args });
          derived.tool_calls.push(row);
          break;
        }
        case 'tool_decision':
          decide(event.callId, event.name, decisionWord(event.decision, event.approval), event.decision.rule, event.decision.effect === 'ask');
          break;
        case 'tool_result': {
          const call = calls.get(event.callId);
          const ran = RAN.has(event.status);
          if (call !== undefined) call.row.executed = ran;
          if (!ran && (event.status === 'blocked' || event.status === 'denied') && !decisions.has(event.callId)) decide(event.callId, event.name, 'blocked', 'hook', false);
          if (ran) {
            const decision = decisions.get(event.callId);
            derived.executions.push({
              tool: event.name,
              arguments: call?.args ?? {},
              call_id: event.callId,
              seq: nextSeq(),
              linked_decision: decision?.id ?? '',
              approval_id: decision?.asked === true ? decision.id : null,
              state_changing: stateChanging(event.name),
              status: event.status,
            });
          }
          break;
        }
        case 'text_delta':
          text += event.text;
          break;
        case 'run_end':
          output = event.output;
          stopReason = event.stopReason;
          error = event.error;
          // A graceful stop (`stopped`) is a stop notice too: nothing may change state after it.
          if (event.stopReason === 'aborted' || event.stopReason === 'stopped') derived.stop_notice = { reason: event.stopReason, seq: nextSeq() };
          break;
        default:
          break;
      }
    },
    evidence: () => derived,
    output: () => (stopReason === undefined ? text : output),
    stopReason: () => stopReason,
    error: () => error,
    log: () => log,
  };
}
