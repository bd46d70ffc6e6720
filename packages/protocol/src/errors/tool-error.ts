import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.tool');

/** A tool could not run as asked (bad path, protected file, timeout, bad arguments). Codes start with `tool.`. */
export class ToolError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'ToolError';
  }

  static override isInstance(value: unknown): value is ToolError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
