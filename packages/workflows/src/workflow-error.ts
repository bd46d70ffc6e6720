import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.workflow');

/** A workflow that cannot load or go on; codes start with `workflow.`. */
export class WorkflowError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions) {
    super(options);
    this.name = 'WorkflowError';
  }

  static override isInstance(value: unknown): value is WorkflowError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
