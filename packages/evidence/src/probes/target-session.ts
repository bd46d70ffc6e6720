import type { JsonValue } from '@warden/protocol';
import { exceptionClass } from '../errors/exception-class.js';
import type { Finalization, ReportError } from '../report/report-schema.js';
import { toJson } from '../state/to-json.js';
import { CleanupReport } from './call-result.js';
import { withDeadline } from './deadline.js';
import type { ProbeHookContext, ProbeTarget } from './probe-target.js';
import { TargetFunctionError, TargetResultInvalid } from './module-target.js';
import { RemoteTargetFailure } from './remote-target-failure.js';
import { CleanupStateUnknown, RunStopped, stoppedParts } from './run-stopped.js';

export const DEFAULT_TARGET_TIMEOUT_MS = 300_000;
/** Entry loading precedes the call's deadline; it is bounded separately (never below this) so a hanging import cannot hang a run. */
const LOAD_TIMEOUT_MS = 60_000;

export type CallOutcome =
  | { kind: 'ok'; value: unknown }
  | { kind: 'threw'; errorClass: string; detail?: string }
  | { kind: 'invalid'; code: string }
  | { kind: 'stopped'; reason: string }
  | { kind: 'timeout' }
  | { kind: 'rejected' };

/**
 * One target's lifetime: calls, then finalization (cleanup, then close) exactly
 * once. Hooks get a copy of the latest context. Each hook's loading and invocation
 * share one deadline (`timeoutMs`); the entry's deadline starts after loading.
 */
export interface TargetSession {
  readonly timeoutMs: number;
  call(prompt: string, material: JsonValue | undefined, context: ProbeHookContext): Promise<CallOutcome>;
  /** Finalizes once; repeated and concurrent calls await the same result (never rejects). */
  aclose(): Promise<Finalization>;
  /**
   * A copy of the cleanup report. Never invokes a hook. With a cleanup hook, throws
   * CleanupStateUnknown before aclose() finished, while it runs, and when cleanup
   * failed or returned an invalid report. Without a cleanup hook or report, null.
   */
  cleanupReport(): CleanupReport | null;
  /** The entry's stop, when a call raised RunStopped. */
  readonly entryStop: string | undefined;
}

/** Parses a cleanup report without letting a hostile value (a Proxy, a throwing getter) throw. */
function parseCleanupReport(value: unknown): ReturnType<typeof CleanupReport.safeParse> | { success: false } {
  try {
    return CleanupReport.safeParse(value);
  } catch {
    return { success: false };
  }
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

/** The class of what a target raised (for a module target, the class inside its worker; for a remote one, its failure). */
function classOf(error: unknown): string {
  return error instanceof TargetFunctionError || error instanceof RemoteTargetFailure ? error.errorClass : exceptionClass(error);
}

/** What Warden itself saw of a remote failure (an HTTP status), never the target's own text. */
function threw(error: unknown): Extract<CallOutcome, { kind: 'threw' }> {
  const detail = error instanceof RemoteTargetFailure ? error.detail : undefined;
  return { kind: 'threw', errorClass: classOf(error), ...(detail === undefined ? {} : { detail }) };
}

function hookError(hook: string, error: unknown): ReportError {
  const name = classOf(error);
  const detail = error instanceof RemoteTargetFailure && error.detail !== undefined ? ` (${error.detail})` : '';
  return { name, code: 'evidence.target_finalize_failed', message: `${hook} raised ${name}${detail}.` };
}

function stopReason(error: RunStopped): string {
  return stoppedParts(error).reason;
}

/** Opens a session over a target. */
export function openTarget(target: ProbeTarget): TargetSession {
  const timeoutMs = target.timeoutMs ?? DEFAULT_TARGET_TIMEOUT_MS;
  let latest: ProbeHookContext = { history: [], conversation_id: '', probe_id: '' };
  let finalizing: Promise<Finalization> | undefined;
  let finished = false;
  let entryStop: string | undefined;
  let attached: CleanupReport | undefined;
  let cleanupKnown: CleanupReport | null | 'unknown' = null;
  let prepared: Promise<unknown> | undefined;

  const runCleanup = async (): Promise<{ part: Finalization['cleanup']; stop?: string }> => {
    if (target.cleanup === undefined) {
      cleanupKnown = attached ?? null;
      return { part: attached === undefined ? { status: 'absent' } : { status: 'none', report: toJson(attached) as never } };
    }
    const context = copy(latest);
    const outcome = await withDeadline(() => target.cleanup!(context), timeoutMs);
    let raw: unknown;
    let stop: string | undefined;
    if (outcome.kind === 'timeout') {
      cleanupKnown = 'unknown';
      return { part: { status: 'error', error: { name: 'TimeoutError', code: 'evidence.target_finalize_failed', message: `cleanup ran past ${timeoutMs} ms.` } } };
    }
    if (outcome.kind === 'threw') {
      if (!RunStopped.isInstance(outcome.error)) {
        cleanupKnown = 'unknown';
        return { part: { status: 'error', error: hookError('cleanup', outcome.error) } };
      }
      stop = stopReason(outcome.error);
      raw = stoppedParts(outcome.error).report ?? null;
    } else {
      raw = outcome.value;
    }
    if (raw === null || raw === undefined) {
      cleanupKnown = attached ?? null;
      return { part: attached === undefined ? { status: 'none' } : { status: 'none', report: toJson(attached) as never }, ...(stop === undefined ? {} : { stop }) };
    }
    const parsed = parseCleanupReport(raw);
    if (!parsed.success) {
      cleanupKnown = 'unknown';
      return { part: { status: 'error', error: { name: 'CleanupReportError', code: 'evidence.target_finalize_failed', message: 'cleanup did not return { complete, done, open, stop_reason, leftover, aborts? } or null.' } }, ...(stop === undefined ? {} : { stop }) };
    }
    cleanupKnown = copy(parsed.data);
    const report = toJson(parsed.data) as Finalization['cleanup']['report'] & object;
    const { complete, open, leftover } = parsed.data;
    const result: { part: Finalization['cleanup']; stop?: string } = { part: { status: 'ok', report }, ...(stop === undefined ? {} : { stop }) };
    if (!complete || open.length > 0 || leftover.length > 0) {
      result.part = {
        status: 'error',
        report,
        error: { name: 'CleanupIncomplete', code: 'evidence.target_finalize_failed', message: `cleanup left ${open.length} open record(s) and ${leftover.length} leftover(s)${complete ? '' : ' and reported itself incomplete'}.` },
      };
    }
    return result;
  };

  const runClose = async (): Promise<{ part: Finalization['close']; stop?: string }> => {
    if (target.close === undefined) return { part: { status: 'absent' } };
    const context = copy(latest);
    const outcome = await withDeadline(() => target.close!(context), timeoutMs);
    if (outcome.kind === 'timeout') return { part: { status: 'error', error: { name: 'TimeoutError', code: 'evidence.target_finalize_failed', message: `close ran past ${timeoutMs} ms.` } } };
    if (outcome.kind === 'threw') {
      if (RunStopped.isInstance(outcome.error)) return { part: { status: 'ok' }, stop: stopReason(outcome.error) };
      return { part: { status: 'error', error: hookError('close', outcome.error) } };
    }
    if (outcome.value !== undefined && outcome.value !== null) {
      return { part: { status: 'error', error: { name: 'CloseReturnedValue', code: 'evidence.target_finalize_failed', message: 'close must return nothing.' } } };
    }
    return { part: { status: 'ok' } };
  };

  const finalize = async (): Promise<Finalization> => {
    try {
      const cleanup = await runCleanup();
      const close = await runClose();
      const stop = entryStop !== undefined ? { source: 'entry' as const, reason: entryStop } : cleanup.stop !== undefined ? { source: 'cleanup' as const, reason: cleanup.stop } : close.stop !== undefined ? { source: 'close' as const, reason: close.stop } : undefined;
      return { ok: cleanup.part.status !== 'error' && close.part.status !== 'error', cleanup: cleanup.part, close: close.part, ...(stop === undefined ? {} : { stop }) };
    } finally {
      finished = true;
      await withDeadline(() => target.dispose?.(), 5000);
    }
  };

  return {
    timeoutMs,
    get entryStop() {
      return entryStop;
    },
    async call(prompt, material, context) {
      if (finalizing !== undefined) return { kind: 'rejected' };
      latest = copy(context);
      if (target.prepare !== undefined) {
        prepared ??= Promise.resolve().then(() => target.prepare!());
        // Loading precedes the call's deadline; it gets one of its own so a hanging import cannot hang the run.
        const loaded = await withDeadline(() => prepared, Math.max(timeoutMs, LOAD_TIMEOUT_MS));
        if (loaded.kind === 'timeout') return { kind: 'timeout' };
        if (loaded.kind === 'threw') return threw(loaded.error);
        if (finalizing !== undefined) return { kind: 'rejected' };
      }
      const controller = new AbortController();
      // Material is null when the probe has none (the spec's None), for every kind of target.
      const outcome = await withDeadline(() => target.call(prompt, material ?? null, { ...copy(context), signal: controller.signal }), timeoutMs, controller);
      if (outcome.kind === 'timeout') return { kind: 'timeout' };
      if (outcome.kind === 'ok') return { kind: 'ok', value: outcome.value };
      if (RunStopped.isInstance(outcome.error)) {
        const reason = stopReason(outcome.error);
        entryStop ??= reason;
        const report = parseCleanupReport(stoppedParts(outcome.error).report);
        if (report.success) attached = copy(report.data);
        return { kind: 'stopped', reason };
      }
      if (outcome.error instanceof TargetResultInvalid) return { kind: 'invalid', code: outcome.error.code };
      return threw(outcome.error);
    },
    aclose() {
      finalizing ??= finalize();
      return finalizing;
    },
    cleanupReport() {
      if (target.cleanup === undefined) return attached === undefined ? null : copy(attached);
      if (!finished) throw new CleanupStateUnknown('the cleanup state is unknown until finalization completes');
      if (cleanupKnown === 'unknown') throw new CleanupStateUnknown('cleanup failed or returned an invalid report');
      return cleanupKnown === null ? null : copy(cleanupKnown);
    },
  };
}
