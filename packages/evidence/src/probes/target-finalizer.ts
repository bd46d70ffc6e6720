import { WardenError } from '@warden/protocol';
import type { Finalization, ReportError } from '../report/report-schema.js';
import { toJson } from '../state/to-json.js';
import { CleanupReport } from './call-result.js';
import type { ProbeTarget } from './probe-target.js';

function describe(error: unknown): ReportError {
  if (WardenError.isInstance(error)) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, message: error.message.slice(0, 500) };
  return { name: typeof error, message: 'a non-Error value was thrown' };
}

async function runCleanup(target: ProbeTarget): Promise<Finalization['cleanup']> {
  if (target.cleanup === undefined) return { status: 'absent' };
  let raw: unknown;
  try {
    raw = await target.cleanup();
  } catch (error) {
    return { status: 'error', error: describe(error) };
  }
  const parsed = CleanupReport.safeParse(raw);
  if (!parsed.success) {
    return { status: 'error', error: { name: 'CleanupReportError', code: 'evidence.target_finalize_failed', message: 'cleanup did not return { complete, done, open, stop_reason, leftover }.' } };
  }
  const report = toJson(parsed.data) as Finalization['cleanup']['report'] & object;
  const { complete, open, leftover } = parsed.data;
  if (!complete || open.length > 0 || leftover.length > 0) {
    return {
      status: 'error',
      report,
      error: { name: 'CleanupIncomplete', code: 'evidence.target_finalize_failed', message: `cleanup left ${open.length} open record(s) and ${leftover.length} leftover(s)${complete ? '' : ' and reported itself incomplete'}.` },
    };
  }
  return { status: 'ok', report };
}

async function runClose(target: ProbeTarget): Promise<Finalization['close']> {
  if (target.close === undefined) return { status: 'absent' };
  try {
    await target.close();
    return { status: 'ok' };
  } catch (error) {
    return { status: 'error', error: describe(error) };
  }
}

export interface TargetFinalizer {
  /**
   * Runs cleanup, then close (close runs even when cleanup fails). Happens once:
   * concurrent and repeated calls await the same result. Never rejects.
   */
  finalize(): Promise<Finalization>;
}

export function createFinalizer(target: ProbeTarget): TargetFinalizer {
  let result: Promise<Finalization> | undefined;
  return {
    finalize() {
      result ??= (async () => {
        const cleanup = await runCleanup(target);
        const close = await runClose(target);
        return { ok: cleanup.status !== 'error' && close.status !== 'error', cleanup, close };
      })();
      return result;
    },
  };
}
