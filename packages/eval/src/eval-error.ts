import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.eval');

/** An evaluation or a replay that cannot go on; codes start with `eval.`. */
export class EvalError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'EvalError';
  }

  static override isInstance(value: unknown): value is EvalError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
