import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.config');

/** Options or configuration are invalid; the message names the key. Codes start with `config.`. */
export class ConfigError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'ConfigError';
  }

  static override isInstance(value: unknown): value is ConfigError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
