import { WardenError } from '@warden/protocol';
import type { MessageKey } from '../i18n/catalog-types.js';

const BRAND = Symbol.for('warden.error.cli');

export type MessageParams = Record<string, string | number>;

export interface CliErrorOptions {
  /** Stable: `cli.<name>`. */
  code: string;
  /** English text, for library callers and logs. */
  message: string;
  /** The catalog entry the terminal shows instead, translated. */
  key: MessageKey;
  params?: MessageParams;
  hintKey?: MessageKey;
  hintParams?: MessageParams;
  hint?: string;
  cause?: unknown;
}

/**
 * A mistake in how the CLI was invoked (usage) or a feature this build lacks.
 * Codes start with `cli.`; the terminal shows the translated catalog entry.
 */
export class CliError extends WardenError {
  readonly [BRAND] = true;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly hintKey?: MessageKey;
  readonly hintParams: MessageParams;

  constructor(options: CliErrorOptions) {
    super({ code: options.code, message: options.message, ...(options.hint ? { hint: options.hint } : {}), cause: options.cause });
    this.name = 'CliError';
    this.key = options.key;
    this.params = options.params ?? {};
    if (options.hintKey) this.hintKey = options.hintKey;
    this.hintParams = options.hintParams ?? {};
  }

  static override isInstance(value: unknown): value is CliError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** Every code the CLI itself throws; pinned by a table test. */
export const CLI_ERROR_CODES = {
  'cli.unknown_command': 'The first word is not a warden command.',
  'cli.unknown_flag': 'An option the command does not take.',
  'cli.missing_value': 'An option that needs a value was given none.',
  'cli.invalid_value': 'An option value does not match what the option takes.',
  'cli.unexpected_argument': 'A positional argument the command does not take.',
  'cli.missing_argument': 'A required positional argument is missing.',
  'cli.unsupported_language': 'A --lang the CLI has no catalog for.',
  'cli.interrupted': 'The run was interrupted (Ctrl-C); exit code 130.',
  'cli.not_a_tty': 'An interactive command was run without a terminal.',
  'cli.invalid_file': 'A file given on the command line is missing or not valid JSON.',
  'cli.pack_not_loaded': 'A pack given on the command line (--pack, or a probes file) could not be found, imported or validated; nothing was run.',
  'cli.skill_changed': 'warden skill install found a changed copy of the skill and --force was not given.',
  'cli.missing_package': 'A command needs an optional package that is not installed (the error names the install command).',
  'cli.missing_token': 'warden probe serve was started without a bearer token (--token or WARDEN_PROBE_TOKEN).',
  'cli.ambiguous_id': 'A session or approval id prefix matches more than one id (the error lists them).',
  'cli.session_store': 'A session store asked for by --sessions or the config cannot be used (the error says why, in words).',
  'cli.unknown_session': 'A session id given to --session (or after --resume) names no stored session, and --new-session was not given.',
  'cli.not_writable': 'The session store or the audit trail of a run cannot be written; checked before any tool runs.',
  'cli.pack_has_no_probes': 'warden probe run was given pack:NAME for a pack that holds cases and no probes (the error names warden check).',
  'cli.session_workspace': 'A resumed session was recorded in another workspace that no longer exists, or --workdir names a different one.',
} as const;

export type CliErrorCode = keyof typeof CLI_ERROR_CODES;
