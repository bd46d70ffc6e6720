import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.run');

/** The agent loop stopped on purpose as an error (a budget with onExceed: throw, an abort). Codes start with `run.`. */
export class RunError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'RunError';
  }

  static override isInstance(value: unknown): value is RunError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
