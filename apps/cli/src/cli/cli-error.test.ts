import { WardenError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { CLI_ERROR_CODES, CliError } from './cli-error.js';
import { EXIT, exitCodeForError, exitCodeForStop } from './exit-codes.js';

describe('CLI error codes', () => {
  it('pins the codes the CLI throws', () => {
    expect(Object.keys(CLI_ERROR_CODES).sort()).toEqual([
      'cli.ambiguous_id',
      'cli.interrupted',
      'cli.invalid_file',
      'cli.invalid_value',
      'cli.missing_argument',
      'cli.missing_package',
      'cli.missing_token',
      'cli.missing_value',
      'cli.not_a_tty',
      'cli.not_writable',
      'cli.pack_has_no_probes',
      'cli.pack_not_loaded',
      'cli.session_store',
      'cli.session_workspace',
      'cli.skill_changed',
      'cli.unexpected_argument',
      'cli.unknown_command',
      'cli.unknown_flag',
      'cli.unknown_session',
      'cli.unsupported_language',
    ]);
  });

  it.each([
    ['cli.unknown_flag', 2],
    ['cli.unknown_command', 2],
    ['cli.missing_value', 2],
    ['cli.invalid_value', 2],
    ['cli.unexpected_argument', 2],
    ['cli.missing_argument', 2],
    ['cli.missing_token', 2],
    ['cli.unsupported_language', 2],
    ['cli.not_a_tty', 2],
    ['cli.ambiguous_id', 2],
    ['cli.session_workspace', 1],
    ['cli.session_store', 1],
    ['cli.unknown_session', 2],
    ['cli.pack_has_no_probes', 2],
    ['cli.not_writable', 1],
    ['config.unknown_key', 2],
    ['config.invalid', 2],
    ['cli.interrupted', 130],
    ['cli.invalid_file', 1],
    ['cli.pack_not_loaded', 1],
    ['cli.missing_package', 1],
    ['cli.skill_changed', 1],
    ['provider.auth', 1],
    ['tool.path_outside_workspace', 1],
    ['run.budget_exceeded', 3],
    ['run.aborted', 130],
    ['internal.unexpected', 1],
  ])('%s exits with %i', (code, exit) => {
    expect(exitCodeForError(code)).toBe(exit);
  });

  it.each([
    ['done', EXIT.done],
    ['max_turns', EXIT.limit],
    ['budget', EXIT.limit],
    ['approval', EXIT.approval],
    ['aborted', EXIT.interrupted],
    ['error', EXIT.error],
  ] as const)('a run that stops with %s exits with %i', (reason, exit) => {
    expect(exitCodeForStop(reason)).toBe(exit);
  });

  it('is a branded WardenError', () => {
    const error = new CliError({ code: 'cli.unknown_flag', message: 'unknown option --x', key: 'error.unknownFlag', params: { flag: '--x' } });
    expect(WardenError.isInstance(error)).toBe(true);
    expect(CliError.isInstance(error)).toBe(true);
    expect(CliError.isInstance(new WardenError({ code: 'x.y', message: 'm' }))).toBe(false);
  });
});
