import type { JsonObject, RunEvent } from '@warden/protocol';
import type { EvidenceValue } from '../validation/validate-evidence.js';

export interface DerivedEvidence {
  tool_calls: EvidenceValue[];
  approvals: EvidenceValue[];
  executions: EvidenceValue[];
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

const RAN = new Set(['ok', 'error']);
const LOG_LIMIT = 500;

/**
 * Derives tool_calls, approvals, executions and stop_notice from run events:
 * an approval is a gate `ask` with what the approver answered (no answer means
 * denied); an execution is a tool result whose status says it actually ran
 * (`ok` or `error`); a stop notice is a run that ended `aborted`.
 */
export function createRunEventLedger(nextSeq: () => number): RunEventLedger {
  const derived: DerivedEvidence = { tool_calls: [], approvals: [], executions: [] };
  const args = new Map<string, JsonObject>();
  const log: Array<{ type: string; name?: string; status?: string }> = [];
  let output = '';
  let text = '';
  let stopReason: string | undefined;
  let error: { code: string; message: string } | undefined;

  return {
    add(event) {
      if (log.length < LOG_LIMIT) {
        const name = 'name' in event && typeof event.name === 'string' ? event.name : undefined;
        const status = event.type === 'tool_result' ? event.status : event.type === 'run_end' ? event.stopReason : undefined;
        log.push({ type: event.type, ...(name === undefined ? {} : { name }), ...(status === undefined ? {} : { status }) });
      }
      switch (event.type) {
        case 'tool_call':
          args.set(event.callId, event.args);
          derived.tool_calls.push({ id: event.callId, name: event.name, args: event.args, seq: nextSeq() });
          break;
        case 'tool_decision':
          if (event.decision.effect === 'ask') {
            derived.approvals.push({
              call_id: event.callId,
              tool: event.name,
              outcome: event.approval?.outcome ?? 'denied',
              automatic: event.approval?.automatic === true,
              rule: event.decision.rule,
              seq: nextSeq(),
            });
          }
          break;
        case 'approval_pending':
          derived.approvals.push({ call_id: event.request.call.id, tool: event.request.call.name, outcome: 'pending', automatic: false, rule: event.request.decision.rule, seq: nextSeq() });
          break;
        case 'tool_result':
          if (RAN.has(event.status)) {
            derived.executions.push({ call_id: event.callId, tool: event.name, status: event.status, args: args.get(event.callId) ?? {}, seq: nextSeq() });
          }
          break;
        case 'text_delta':
          text += event.text;
          break;
        case 'run_end':
          output = event.output;
          stopReason = event.stopReason;
          error = event.error;
          if (event.stopReason === 'aborted') derived.stop_notice = { reason: 'aborted', seq: nextSeq() };
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
