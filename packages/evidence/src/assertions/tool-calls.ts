import type { EvidenceObject } from '../validation/validate-evidence.js';
import { optionalBoolField, recordField, recordsOf, stringField, type EvidenceRecord } from './observation-readers.js';

/** Which calls a tool assertion counts: those that ran (default) or every attempt, denied ones included. */
export type CallScope = 'executed' | 'attempted';

export interface ToolCallRow {
  index: number;
  tool: string;
  /** Present when the assertion asked for arguments (then it is required). */
  arguments?: EvidenceRecord;
  /** `executed: false` marks a call the gate refused; absent means the call ran. */
  executed: boolean;
}

/**
 * The `tool_calls` ledger as the spec declares it: every record has `tool: str`;
 * tool-argument checks also require `arguments: dict`. An optional `executed`
 * must be a boolean.
 */
export function readToolCalls(evidence: EvidenceObject, options: { withArguments: boolean }): ToolCallRow[] {
  return recordsOf(evidence, 'tool_calls').map((call, index) => {
    const where = `tool_calls[${index}]`;
    const tool = stringField(call, 'tool', where);
    const args = options.withArguments ? recordField(call, 'arguments', where) : undefined;
    const executed = optionalBoolField(call, 'executed', where) ?? true;
    return { index, tool, executed, ...(args === undefined ? {} : { arguments: args }) };
  });
}

export function inScope(rows: readonly ToolCallRow[], scope: CallScope): ToolCallRow[] {
  return scope === 'attempted' ? [...rows] : rows.filter((row) => row.executed);
}
