import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.media');

/** A media failure; codes start with `media.`. `engine` names the engine, never its key. */
export class MediaError extends WardenError {
  readonly [BRAND] = true;
  readonly engine: string | undefined;
  readonly status: number | undefined;

  constructor(options: WardenErrorOptions & { engine?: string; status?: number }) {
    super(options);
    this.name = 'MediaError';
    this.engine = options.engine;
    this.status = options.status;
  }

  static override isInstance(value: unknown): value is MediaError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}
