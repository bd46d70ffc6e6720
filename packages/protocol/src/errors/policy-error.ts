import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.policy');

/** A policy, gate or approval could not be loaded or verified. Codes start with `policy.`. */
export class PolicyError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'PolicyError';
  }

  static override isInstance(value: unknown): value is PolicyError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
