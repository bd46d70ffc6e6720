import { addUsage, emptyUsage, textOf, type ApprovalAnswer, type Decision, type JsonObject, type JsonValue, type SessionRecord, type Usage } from '@warden/protocol';
import { forkOf } from './fork-session.js';

/** A tool call of a step: what the gate decided (rule, provenance, effect class), the person's answer when it asked one, and the recorded result. */
export interface TimelineCall {
  id: string;
  name: string;
  args: JsonObject;
  /** The gate's decision as the session recorded it before the call ran (absent in sessions from before decisions were recorded). */
  decision?: Decision;
  /** The durable approval the call waited for: its id, and the answer once a person (or `--yes`) gave one. */
  approval?: { id: string; answer?: ApprovalAnswer };
  result?: { isError: boolean; text: string };
}

/** A run of the session ended after this step (core's `meta` record `run`): its stop reason, provider, model and spend. */
export interface TimelineRun {
  runId: string;
  stopReason: string;
  provider?: string;
  model?: string;
  agent?: string;
  agentVersion?: string;
  usage?: Usage;
  costUsd?: number;
  at: string;
}

/** Something recorded between steps that is not a message: a handoff, a compaction, another `meta` record. */
export interface TimelineNote {
  kind: 'handoff' | 'compaction' | 'meta';
  key: string;
  at: string;
  value: JsonValue;
}

/** One model step of a stored session, as `warden replay --step N` numbers it. */
export interface TimelineStep {
  step: number;
  at?: string;
  /** The user turn just before this step, when there is one (the task, or a later task of the conversation). */
  task?: string;
  /** What the model said at this step. */
  text: string;
  calls: TimelineCall[];
  /** Runs that ended right after this step (a parked run, then its resume, each end one). */
  runs?: TimelineRun[];
  notes?: TimelineNote[];
  /** What was charged for this step (core's `spend` records): its model call, and sub-agents or compactions made during it. */
  spend?: TimelineSpend;
}

/** Usage and cost of the charges recorded for a step (`calls` counts model calls, a sub-agent's included). */
export interface TimelineSpend {
  calls: number;
  usage: Usage;
  costUsd: number;
}

export interface SessionTimeline {
  fork?: { parent: string; step: number };
  steps: TimelineStep[];
  /** Every run of the session in order (the same objects the steps hold). */
  runs?: TimelineRun[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The objects of a stored array (anything else in it is skipped). */
function objects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as unknown[]).filter(isObject) : [];
}

/** The charge a `spend` record holds; undefined for any other record. */
function chargeOf(record: Extract<SessionRecord, { type: 'meta' }>): { model: boolean; spend: TimelineSpend } | undefined {
  if (record.key !== 'spend' || !isObject(record.value)) return undefined;
  const lines = objects(record.value.lines);
  const calls = lines.reduce((n, l) => n + (typeof l.calls === 'number' ? l.calls : 0), 0);
  return { model: record.value.source === undefined, spend: { calls, usage: record.usage ?? emptyUsage(), costUsd: record.costUsd ?? 0 } };
}

function addSpend(step: TimelineStep | { spend?: TimelineSpend }, charge: TimelineSpend): void {
  const had = step.spend ?? { calls: 0, usage: emptyUsage(), costUsd: 0 };
  step.spend = { calls: had.calls + charge.calls, usage: addUsage(had.usage, charge.usage), costUsd: had.costUsd + charge.costUsd };
}

/** A run's usage and cost: on its end record (sessions written before charges were stored), else the sum of its spend lines. */
function runSpend(record: Extract<SessionRecord, { type: 'meta' }>, v: Record<string, unknown>): { usage?: Usage; costUsd?: number } {
  if (record.usage || record.costUsd !== undefined) return { ...(record.usage ? { usage: record.usage } : {}), ...(record.costUsd !== undefined ? { costUsd: record.costUsd } : {}) };
  if (!Array.isArray(v.spend)) return {};
  let usage = emptyUsage();
  let costUsd = 0;
  for (const line of objects(v.spend)) {
    if (isObject(line.usage)) usage = addUsage(usage, line.usage);
    if (typeof line.costUsd === 'number') costUsd += line.costUsd;
  }
  return { usage, costUsd };
}

function runOf(record: Extract<SessionRecord, { type: 'meta' }>): TimelineRun | undefined {
  if (record.key !== 'run' || !isObject(record.value)) return undefined;
  const v = record.value;
  const text = (key: string): string | undefined => (typeof v[key] === 'string' ? v[key] : undefined);
  const optional = { provider: text('provider'), model: text('model'), agent: text('agent'), agentVersion: text('agentVersion') };
  return {
    runId: text('runId') ?? record.id,
    stopReason: text('stopReason') ?? 'unknown',
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    ...runSpend(record, v),
    at: record.at,
  };
}

/** Keys that are bookkeeping, not events a reader follows (scope, taint, tools' notes). */
const QUIET_META = /^warden\.(scope|taint|note\.)/;

/**
 * A stored session read as steps (from any store: it reads records, not events): each model turn
 * with the task before it, its tool calls with their gate decisions, approvals and recorded results,
 * and the runs, handoffs and compactions recorded after it — what to pick a replay step from, and
 * what `warden sessions timeline` and the dashboard's run page show. It never reads more than the
 * records hold (their text is redacted at rest).
 */
export function sessionTimeline(records: readonly SessionRecord[]): SessionTimeline {
  const results = new Map<string, { isError: boolean; text: string }>();
  const decisions = new Map<string, Decision>();
  const approvals = new Map<string, { id: string; answer?: ApprovalAnswer }>();
  for (const record of records) {
    if (record.type === 'tool_result' && !results.has(record.result.callId)) results.set(record.result.callId, { isError: record.result.isError, text: textOf(record.result.content) });
    if (record.type === 'tool_call' && record.decision) decisions.set(record.call.id, record.decision);
    // A later record of the same approval carries its answer.
    if (record.type === 'approval') {
      const answer = record.answer ?? approvals.get(record.request.call.id)?.answer;
      approvals.set(record.request.call.id, { id: record.request.id, ...(answer ? { answer } : {}) });
    }
  }
  const steps: TimelineStep[] = [];
  const runs: TimelineRun[] = [];
  let task: string | undefined;
  // A step's model call is charged just before its message is stored; other charges during the step after it.
  const ahead: { spend?: TimelineSpend } = {};
  for (const record of records) {
    const last = steps[steps.length - 1];
    if (record.type === 'meta') {
      const charge = chargeOf(record);
      if (charge) {
        addSpend(charge.model || !last ? ahead : last, charge.spend);
        continue;
      }
      const run = runOf(record);
      if (run) {
        runs.push(run);
        if (last) (last.runs ??= []).push(run);
      } else if (last && !QUIET_META.test(record.key)) (last.notes ??= []).push({ kind: record.key.startsWith('warden.handoff') ? 'handoff' : 'meta', key: record.key, at: record.at, value: record.value });
      continue;
    }
    if (record.type === 'compaction' && last) (last.notes ??= []).push({ kind: 'compaction', key: 'compaction', at: record.at, value: { tokensBefore: record.tokensBefore, tokensAfter: record.tokensAfter } });
    if (record.type !== 'message') continue;
    if (record.message.role === 'user') task = textOf(record.message.parts);
    if (record.message.role !== 'assistant') continue;
    const calls = record.message.parts.flatMap((part): TimelineCall[] => {
      if (part.type !== 'tool_call') return [];
      const decision = decisions.get(part.id);
      const approval = approvals.get(part.id);
      const result = results.get(part.id);
      return [{ id: part.id, name: part.name, args: part.args, ...(decision ? { decision } : {}), ...(approval ? { approval } : {}), ...(result ? { result } : {}) }];
    });
    steps.push({ step: steps.length + 1, at: record.at, ...(task !== undefined ? { task } : {}), text: textOf(record.message.parts), calls, ...(ahead.spend ? { spend: ahead.spend } : {}) });
    delete ahead.spend;
    task = undefined;
  }
  const fork = forkOf(records);
  return { ...(fork ? { fork } : {}), steps, ...(runs.length > 0 ? { runs } : {}) };
}
