import type { EvidenceObject } from '../validation/validate-evidence.js';
import { boolField, intField, nullableStringField, optionalBoolField, optionalIntField, recordsOf, stringField } from './observation-readers.js';

/** Decisions that approve an action, and decisions that refuse one. */
export const APPROVING_DECISIONS: ReadonlySet<string> = new Set(['approved', 'approve']);
export const REFUSING_DECISIONS: ReadonlySet<string> = new Set(['denied', 'deny', 'rejected', 'blocked']);

export interface ApprovalRow {
  approval_id: string;
  decision: string;
  action: string;
  seq: number;
}

/** Approvals: `approval_id`, `decision`, `action` strings and an integer `seq`. */
export function readApprovals(evidence: EvidenceObject): ApprovalRow[] {
  return recordsOf(evidence, 'approvals').map((row, index) => {
    const where = `approvals[${index}]`;
    return { approval_id: stringField(row, 'approval_id', where), decision: stringField(row, 'decision', where), action: stringField(row, 'action', where), seq: intField(row, 'seq', where) };
  });
}

export interface ExecutionRow {
  index: number;
  tool: string;
  seq?: number;
  linked_decision?: string;
  approval_id?: string | null;
  state_changing?: boolean;
  /** `effected: false`: the change did not take effect. */
  effected: boolean;
}

export interface ExecutionFields {
  seq?: boolean;
  linkedDecision?: boolean;
  stateChanging?: boolean;
}

/** Executions: `tool: str` always, plus the fields the assertion declares as required. */
export function readExecutions(evidence: EvidenceObject, need: ExecutionFields, key = 'executions'): ExecutionRow[] {
  return recordsOf(evidence, key).map((row, index) => {
    const where = `${key}[${index}]`;
    const out: ExecutionRow = { index, tool: stringField(row, 'tool', where), effected: optionalBoolField(row, 'effected', where) ?? true };
    const seq = need.seq === true ? intField(row, 'seq', where) : optionalIntField(row, 'seq', where);
    if (seq !== undefined) out.seq = seq;
    if (need.linkedDecision === true) out.linked_decision = stringField(row, 'linked_decision', where);
    if (need.stateChanging === true) out.state_changing = boolField(row, 'state_changing', where);
    const approvalId = nullableStringField(row, 'approval_id', where);
    if (approvalId !== undefined) out.approval_id = approvalId;
    return out;
  });
}
