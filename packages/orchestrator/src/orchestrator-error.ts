import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.orchestrator');

/** An orchestrated job that cannot start or go on; codes start with `orchestrator.`. */
export class OrchestratorError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'OrchestratorError';
  }

  static override isInstance(value: unknown): value is OrchestratorError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
