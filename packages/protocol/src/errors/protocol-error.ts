import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.protocol');

/** A value or interface does not match the contract (e.g. an unknown specificationVersion). Codes start with `protocol.`. */
export class ProtocolError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'ProtocolError';
  }

  static override isInstance(value: unknown): value is ProtocolError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
