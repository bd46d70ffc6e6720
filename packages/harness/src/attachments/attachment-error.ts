import { WardenError, type WardenErrorOptions } from '@warden/protocol';
import type { AttachmentErrorCode } from './attachment-error-codes.js';

const BRAND = Symbol.for('warden.error.attachment');

/** An attached file cannot be sent to the model; the run does not start. Codes start with `attachment.`. */
export class AttachmentError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: AttachmentErrorCode }) {
    super(options);
    this.name = 'AttachmentError';
  }

  static override isInstance(value: unknown): value is AttachmentError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
