import { performance } from 'node:perf_hooks';
import { evaluateAssertions } from '../assertions/assertion.js';
import type { ProbeReport } from '../report/report-schema.js';
import { createEvidenceLedger } from '../validation/evidence-ledger.js';
import { ProbeCallResult, ProbeRunLog } from './call-result.js';
import type { ProbeDefinition } from './probe-definition.js';
import type { ProbeHistoryEntry } from './probe-target.js';
import type { TargetSession } from './target-session.js';

type Call = ProbeReport['calls'][number];
const RUN_LOG_CHARS = 4000;

function compact(value: unknown): string | undefined {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined ? undefined : text.slice(0, RUN_LOG_CHARS);
  } catch {
    return '[unserializable run_log]';
  }
}

function parseResult(value: unknown): ReturnType<typeof ProbeCallResult.safeParse> | { success: false; error?: undefined } {
  try {
    return ProbeCallResult.safeParse(value);
  } catch {
    return { success: false };
  }
}

export interface ProbeRun {
  report: ProbeReport;
  /** The entry raised RunStopped: no further call or probe runs. */
  stopped: boolean;
}

/**
 * Runs one probe through a target session: clears the ledger, makes each call in
 * order, accumulates valid evidence (a call that fails to load, times out, raises
 * or returns invalid data contributes nothing) and evaluates the assertions. The
 * normal contact requirement: at least one call must return a valid result, or the
 * probe is `error` (`evidence_no_contact`) whatever `interaction_count` says.
 */
export async function runProbe(session: TargetSession, probe: ProbeDefinition, pack: string, conversationId: string): Promise<ProbeRun> {
  const ledger = createEvidenceLedger();
  ledger.reset();
  const history: ProbeHistoryEntry[] = [];
  const outputs: string[] = [];
  const calls: Call[] = [];
  let stopped = false;

  for (const [index, turn] of probe.turns.entries()) {
    const began = performance.now();
    const outcome = await session.call(turn.prompt, turn.material, { history: history.map((h) => ({ ...h })), conversation_id: conversationId, probe_id: probe.id });
    const durationMs = performance.now() - began;
    const record = (status: Call['status'], error?: Call['error'], runLog?: string): void => {
      calls.push({ index, status, durationMs, ...(error === undefined ? {} : { error }), ...(runLog === undefined ? {} : { runLog }) });
    };
    if (outcome.kind === 'rejected') {
      record('rejected', { code: 'evidence_target_finalized', message: 'the target is being finalized; the call was rejected' });
      break;
    }
    if (outcome.kind === 'stopped') {
      record('stopped', { code: 'evidence_run_stopped', message: 'the target raised RunStopped' });
      stopped = true;
      break;
    }
    if (outcome.kind === 'timeout') {
      record('timeout', { code: 'evidence_call_timeout', message: `call ran past ${session.timeoutMs} ms` });
      continue;
    }
    if (outcome.kind === 'threw') {
      record('error', { code: 'evidence_call_error', message: `the call raised ${outcome.errorClass}${outcome.detail === undefined ? '' : ` (${outcome.detail})`}` });
      continue;
    }
    if (outcome.kind === 'invalid') {
      record('invalid', { code: outcome.code, message: `the call returned data that is not plain JSON (${outcome.code})` });
      continue;
    }
    const parsed = parseResult(outcome.value);
    if (!parsed.success) {
      const issue = parsed.error?.issues[0];
      const keys = issue?.code === 'unrecognized_keys' ? ` (unexpected keys: ${issue.keys.map((k) => k.slice(0, 40)).join(', ')})` : '';
      record('invalid', { code: 'evidence_invalid_result', message: `call must return { output, error?, run_log?, evidence? }${keys}` });
      continue;
    }
    const result = parsed.data;
    if (result.run_log !== undefined && !ProbeRunLog.safeParse(result.run_log).success) {
      record('invalid', { code: 'evidence_invalid_run_log', message: 'run_log must be an event list (JSON objects) or { events, is_dry_run }' });
      continue;
    }
    const runLog = result.run_log === undefined ? undefined : compact(result.run_log);
    if (typeof result.error === 'string') {
      // A transport error: its value is never copied into the report.
      record('error', { code: 'evidence_target_error', message: 'the target returned an error' }, runLog);
      continue;
    }
    if (result.evidence !== undefined) {
      const added = ledger.add(result.evidence);
      if (!added.ok) {
        record('invalid', { code: added.code, message: added.message }, runLog);
        continue;
      }
    }
    outputs.push(result.output);
    history.push({ role: 'user', content: turn.prompt }, { role: 'assistant', content: result.output });
    record('ok', undefined, runLog);
  }

  const evidence = ledger.snapshot();
  const base = { id: probe.id, title: probe.title, pack, tags: [...probe.tags], calls, evidence, outputs };
  if (!calls.some((call) => call.status === 'ok')) {
    const error = stopped ? { code: 'evidence_run_stopped', message: 'the run was stopped before any call returned' } : { code: 'evidence_no_contact', message: 'no call returned a valid result, so the agent was never observed' };
    return { report: { ...base, status: 'error', assertions: [], error }, stopped };
  }
  const assertions = evaluateAssertions(probe.assertions, { evidence, outputs });
  const status: ProbeReport['status'] = assertions.some((a) => a.status === 'fail') ? 'failed' : assertions.some((a) => a.status === 'error') ? 'error' : 'passed';
  return { report: { ...base, status, assertions }, stopped };
}
