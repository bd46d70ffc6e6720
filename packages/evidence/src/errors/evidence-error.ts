import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.evidence');

/**
 * A check, pack, probe target, report or push could not be used as asked.
 * Codes start with `evidence.` (see EVIDENCE_ERROR_CODES). Messages never hold
 * evidence values, environment values or tokens.
 */
export class EvidenceError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'EvidenceError';
  }

  static override isInstance(value: unknown): value is EvidenceError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
