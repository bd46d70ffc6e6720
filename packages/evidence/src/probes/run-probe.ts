import { performance } from 'node:perf_hooks';
import { evaluateAssertions } from '../assertions/assertion.js';
import type { ProbeReport } from '../report/report-schema.js';
import { createEvidenceLedger } from '../validation/evidence-ledger.js';
import { ProbeCallResult } from './call-result.js';
import type { ProbeDefinition } from './probe-definition.js';
import type { ProbeHistoryEntry, ProbeTarget } from './probe-target.js';

type Call = ProbeReport['calls'][number];
const DEFAULT_TIMEOUT_MS = 300_000;
const RUN_LOG_CHARS = 4000;

function compact(value: unknown): string | undefined {
  try {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text === undefined ? undefined : text.slice(0, RUN_LOG_CHARS);
  } catch {
    return '[unserializable run_log]';
  }
}

async function callWithTimeout(target: ProbeTarget, args: Parameters<ProbeTarget['call']>, controller: AbortController, timeoutMs: number): Promise<{ kind: 'ok'; value: unknown } | { kind: 'threw'; error: unknown } | { kind: 'timeout' }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ kind: 'timeout' }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), timeoutMs);
  });
  const body = Promise.resolve()
    .then(() => target.call(...args))
    .then(
      (value) => ({ kind: 'ok' as const, value }),
      (error: unknown) => ({ kind: 'threw' as const, error }),
    );
  const outcome = await Promise.race([body, timeout]);
  clearTimeout(timer);
  if (outcome.kind === 'timeout') controller.abort(new Error('probe call timed out'));
  return outcome;
}

/**
 * Runs one probe against a target: clears the ledger, makes each call in
 * order, accumulates valid evidence (a call that fails, times out or returns
 * invalid data contributes nothing) and evaluates the assertions.
 */
export async function runProbe(target: ProbeTarget, probe: ProbeDefinition, pack: string, conversationId: string): Promise<ProbeReport> {
  const ledger = createEvidenceLedger();
  ledger.reset();
  const history: ProbeHistoryEntry[] = [];
  const outputs: string[] = [];
  const calls: Call[] = [];
  const timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  for (const [index, turn] of probe.turns.entries()) {
    const controller = new AbortController();
    const began = performance.now();
    const context = { history: history.map((h) => ({ ...h })), conversation_id: conversationId, probe_id: probe.id, signal: controller.signal };
    const outcome = await callWithTimeout(target, [turn.prompt, turn.material, context], controller, timeoutMs);
    const durationMs = performance.now() - began;
    const record = (status: Call['status'], error?: Call['error'], runLog?: string): void => {
      calls.push({ index, status, durationMs, ...(error === undefined ? {} : { error }), ...(runLog === undefined ? {} : { runLog }) });
    };
    if (outcome.kind === 'timeout') {
      record('timeout', { code: 'evidence_call_timeout', message: `call ran past ${timeoutMs} ms` });
      continue;
    }
    if (outcome.kind === 'threw') {
      const name = outcome.error instanceof Error ? outcome.error.constructor.name : typeof outcome.error;
      const message = outcome.error instanceof Error ? outcome.error.message.slice(0, 500) : 'a non-Error value was thrown';
      record('error', { code: 'evidence_call_error', message: `${name}: ${message}` });
      continue;
    }
    const parsed = ProbeCallResult.safeParse(outcome.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const keys = issue?.code === 'unrecognized_keys' ? ` (unexpected keys: ${issue.keys.map((k) => k.slice(0, 40)).join(', ')})` : '';
      record('invalid', { code: 'evidence_invalid_result', message: `call must return { output, error?, run_log?, evidence? }${keys}` });
      continue;
    }
    const result = parsed.data;
    const runLog = result.run_log === undefined ? undefined : compact(result.run_log);
    if (typeof result.error === 'string') {
      record('error', { code: 'evidence_target_error', message: result.error.slice(0, 500) }, runLog);
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
    history.push({ prompt: turn.prompt, ...(turn.material === undefined ? {} : { material: turn.material }), output: result.output });
    record('ok', undefined, runLog);
  }

  const evidence = ledger.snapshot();
  const assertions = evaluateAssertions(probe.assertions, { evidence, outputs });
  const status: ProbeReport['status'] = assertions.some((a) => a.status === 'fail') ? 'failed' : assertions.some((a) => a.status === 'error') ? 'error' : 'passed';
  return { id: probe.id, title: probe.title, pack, tags: [...probe.tags], status, calls, assertions, evidence: evidence, outputs };
}
