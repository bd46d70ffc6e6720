import { types } from 'node:util';
import type { EvidenceErrorCode } from '../errors/error-codes.js';
import { EvidenceError } from '../errors/evidence-error.js';

const BRAND = Symbol.for('warden.evidence.run_stopped');

/**
 * Thrown by a target's entry or hook to say the run was stopped (by the agent's
 * environment, a kill switch, a budget). An entry's stop is the run's primary stop
 * reason even if a hook stops too; a `report` attached to it (a cleanup report) is
 * kept when cleanup supplies no newer one. Not an EvidenceError: targets throw it.
 */
export class RunStopped extends Error {
  readonly [BRAND] = true;
  readonly reason: string;
  readonly report: unknown;

  constructor(reason: string, options: { report?: unknown } = {}) {
    super(`run stopped: ${reason}`);
    this.name = 'RunStopped';
    this.reason = reason;
    this.report = options.report;
  }

  /** Brand check that survives duplicate installs (and values rebuilt from a worker thread). */
  static isInstance(value: unknown): value is RunStopped {
    if (typeof value !== 'object' || value === null || types.isProxy(value)) return false;
    return Object.getOwnPropertyDescriptor(value, BRAND)?.value === true;
  }
}

/** Reads a RunStopped's reason and report from its own data properties (no getter runs). */
export function stoppedParts(error: RunStopped): { reason: string; report: unknown } {
  const reason: unknown = Object.getOwnPropertyDescriptor(error, 'reason')?.value;
  return { reason: typeof reason === 'string' ? reason.slice(0, 200) : 'stopped', report: Object.getOwnPropertyDescriptor(error, 'report')?.value };
}

/**
 * The cleanup report's state cannot be known (before close, while finalization runs, or after cleanup failed).
 * An EvidenceError with the code `evidence.cleanup_state_unknown`, so callers handle it like the package's other errors.
 */
export class CleanupStateUnknown extends EvidenceError {
  constructor(message = 'the cleanup state is unknown') {
    super({ code: 'evidence.cleanup_state_unknown' satisfies EvidenceErrorCode, message, hint: 'Read the cleanup report after the target session closed; a cleanup that failed leaves its state unknown.' });
    this.name = 'CleanupStateUnknown';
  }
}
