const WARDEN_ERROR = Symbol.for('warden.error');

/**
 * What an error is built from. `C` narrows `code` to a package's code union, so a package's
 * typed factory (`policyError(options: WardenErrorOptions<GovernancePolicyCode>)`) makes a
 * typo or a code missing from its table a compile error; the classes themselves take any string.
 */
export interface WardenErrorOptions<C extends string = string> {
  /** Stable, public: `<area>.<name>`, e.g. `tool.path_outside_workspace`. */
  code: C;
  message: string;
  /** What the user should do about it. */
  hint?: string;
  cause?: unknown;
}

export interface SerializedWardenError {
  name: string;
  code: string;
  message: string;
  hint?: string;
}

/**
 * The base of every error Warden throws on purpose. Small and serialisable:
 * it never carries run state, and its message never holds a secret value.
 * `isInstance` checks a global brand, so it works across duplicate installs.
 */
export class WardenError extends Error {
  readonly [WARDEN_ERROR] = true;
  readonly code: string;
  readonly hint?: string;

  constructor(options: WardenErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WardenError';
    this.code = options.code;
    if (options.hint !== undefined) this.hint = options.hint;
  }

  static isInstance(value: unknown): value is WardenError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[WARDEN_ERROR] === true;
  }

  toJSON(): SerializedWardenError {
    const out: SerializedWardenError = { name: this.name, code: this.code, message: this.message };
    if (this.hint !== undefined) out.hint = this.hint;
    return out;
  }
}

/** The code of any error: a WardenError's own, or `internal.unexpected`. */
export function errorCodeOf(error: unknown): string {
  return WardenError.isInstance(error) ? error.code : 'internal.unexpected';
}
