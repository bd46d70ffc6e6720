import type { StopReason } from '@warden/protocol';

/** The documented exit codes. */
export const EXIT = {
  done: 0,
  error: 1,
  usage: 2,
  limit: 3,
  approval: 4,
  interrupted: 130,
} as const;

const USAGE_CODES = new Set(['cli.unknown_command', 'cli.unknown_flag', 'cli.missing_value', 'cli.invalid_value', 'cli.unexpected_argument', 'cli.missing_argument', 'cli.missing_token', 'cli.unsupported_language', 'cli.not_a_tty', 'cli.ambiguous_id', 'cli.unknown_session', 'cli.pack_has_no_probes', 'evidence.unknown_environment']);

/** Maps an error code to the process exit code. */
export function exitCodeForError(code: string): number {
  if (USAGE_CODES.has(code) || code.startsWith('config.')) return EXIT.usage;
  if (code === 'run.budget_exceeded') return EXIT.limit;
  if (code === 'run.aborted' || code === 'provider.aborted' || code === 'cli.interrupted') return EXIT.interrupted;
  return EXIT.error;
}

/** Maps how a run stopped to the process exit code. */
export function exitCodeForStop(reason: StopReason): number {
  switch (reason) {
    case 'done':
      return EXIT.done;
    case 'max_turns':
    case 'budget':
      return EXIT.limit;
    case 'approval':
      return EXIT.approval;
    case 'aborted':
    case 'stopped':
      return EXIT.interrupted;
    default:
      return EXIT.error;
  }
}
