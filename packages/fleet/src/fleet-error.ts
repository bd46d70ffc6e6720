import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.fleet');

/** A fleet job or queue operation that cannot go on; codes start with `fleet.`. */
export class FleetError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'FleetError';
  }

  static override isInstance(value: unknown): value is FleetError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
