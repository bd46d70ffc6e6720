import { EvidenceError } from '../errors/evidence-error.js';
import { exceptionClass } from '../errors/exception-class.js';
import type { Finalization } from '../report/report-schema.js';
import { createEvidenceLedger } from '../validation/evidence-ledger.js';
import { ProbeCallResult, ProbeRunLog } from './call-result.js';
import { withDeadline } from './deadline.js';
import { TargetFunctionError } from './module-target.js';
import { RemoteTargetFailure } from './remote-target-failure.js';
import { loadTargetFile } from './target-file.js';
import { openTarget } from './target-session.js';

export interface TargetProblem {
  code: string;
  message: string;
}

export interface TargetValidation {
  ok: boolean;
  /** Every problem found, in order; empty when ok. */
  problems: TargetProblem[];
  /** With `execute`: what the one call returned (its status) and the finalization. */
  call?: { status: 'ok' | 'error' | 'timeout' | 'invalid' | 'stopped'; code?: string };
  finalization?: Finalization;
}

/** A load failure's class (a module function's, inside its worker) and, for a remote target, what Warden saw. */
function failureName(error: unknown): string {
  if (error instanceof TargetFunctionError) return error.errorClass;
  if (error instanceof RemoteTargetFailure) return error.detail === undefined ? error.errorClass : `${error.errorClass} (${error.detail})`;
  return exceptionClass(error);
}

export const VALIDATION_PROMPT = 'Warden target validation: reply with a short text and take no action.';

/**
 * `warden probe validate-target`: parses the target file and loads the entry and
 * every hook without calling them. With `execute`, also makes one call, checks
 * its result and evidence, and finalizes the target: a final cleanup with open
 * records or leftovers is an error. Never throws for a broken target.
 */
export async function validateTarget(file: string, options: { execute?: boolean } = {}): Promise<TargetValidation> {
  const problems: TargetProblem[] = [];
  let target;
  try {
    target = await loadTargetFile(file);
  } catch (error) {
    return { ok: false, problems: [{ code: 'evidence.invalid_target', message: error instanceof Error ? error.message : 'the target file is invalid' }] };
  }
  const loaded = await withDeadline(() => target.verify(), target.timeoutMs ?? 300_000);
  if (loaded.kind !== 'ok') {
    await target.dispose?.();
    if (loaded.kind === 'threw' && EvidenceError.isInstance(loaded.error)) return { ok: false, problems: [{ code: loaded.error.code, message: loaded.error.message }] };
    const what = loaded.kind === 'timeout' ? 'loading the target timed out' : `loading the target raised ${failureName(loaded.error)}`;
    return { ok: false, problems: [{ code: 'evidence.invalid_target', message: what }] };
  }
  if (options.execute !== true) {
    await target.dispose?.();
    return { ok: true, problems };
  }
  const session = openTarget(target);
  const outcome = await session.call(VALIDATION_PROMPT, undefined, { history: [], conversation_id: 'validate-target', probe_id: 'validate-target' });
  let call: NonNullable<TargetValidation['call']>;
  if (outcome.kind === 'ok') {
    const parsed = ProbeCallResult.safeParse(outcome.value);
    if (!parsed.success) call = { status: 'invalid', code: 'evidence_invalid_result' };
    else if (parsed.data.run_log !== undefined && !ProbeRunLog.safeParse(parsed.data.run_log).success) call = { status: 'invalid', code: 'evidence_invalid_run_log' };
    else if (typeof parsed.data.error === 'string') call = { status: 'error', code: 'evidence_target_error' };
    else {
      const added = parsed.data.evidence === undefined ? ({ ok: true } as const) : createEvidenceLedger().add(parsed.data.evidence);
      call = added.ok ? { status: 'ok' } : { status: 'invalid', code: added.code };
    }
  } else if (outcome.kind === 'threw') call = { status: 'error', code: 'evidence_call_error' };
  else if (outcome.kind === 'invalid') call = { status: 'invalid', code: outcome.code };
  else if (outcome.kind === 'timeout') call = { status: 'timeout', code: 'evidence_call_timeout' };
  else call = { status: 'stopped', code: 'evidence_run_stopped' };
  if (call.status !== 'ok') problems.push({ code: call.code ?? 'evidence_call_error', message: `the validation call ended ${call.status}` });
  const finalization = await session.aclose();
  if (finalization.cleanup.error !== undefined) problems.push({ code: 'evidence.target_finalize_failed', message: finalization.cleanup.error.message });
  if (finalization.close.error !== undefined) problems.push({ code: 'evidence.target_finalize_failed', message: finalization.close.error.message });
  return { ok: problems.length === 0, problems, call, finalization };
}
