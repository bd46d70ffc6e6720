import { describe, expect, it } from 'vitest';
import { parseArgv, type ArgvSpec } from './argv.js';
import { CliError } from './cli-error.js';

const spec: ArgvSpec = {
  kinds: { prompt: 'value', yes: 'boolean', maxTurns: 'value', probes: 'list', color: 'boolean' },
  aliases: { p: 'prompt', y: 'yes' },
  command: 'warden run',
};

function failure(tokens: string[]): CliError {
  try {
    parseArgv(tokens, spec);
  } catch (error) {
    if (CliError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('parseArgv', () => {
  it('reads values, inline values, booleans, negations, aliases and lists', () => {
    const parsed = parseArgv(['task', '--prompt', 'hi', '--max-turns=3', '-y', '--no-color', '--probes', 'a', '--probes=b', '-pquick'], spec);
    expect(parsed).toEqual({
      positionals: ['task'],
      options: { prompt: 'quick', maxTurns: '3', yes: true, color: false, probes: ['a', 'b'] },
    });
  });

  it('stops reading options at --', () => {
    expect(parseArgv(['--yes', '--', '--prompt', 'x'], spec).positionals).toEqual(['--prompt', 'x']);
  });

  it('accepts a negative number as a value', () => {
    expect(parseArgv(['--max-turns', '-1'], spec).options.maxTurns).toBe('-1');
  });

  it('names an unknown flag and suggests the closest one', () => {
    const error = failure(['--promt', 'x']);
    expect(error.code).toBe('cli.unknown_flag');
    expect(error.params).toEqual({ flag: '--promt' });
    expect(error.hintParams).toEqual({ suggestion: '--prompt' });
  });

  it('names an unknown short flag', () => {
    const error = failure(['-z']);
    expect(error.code).toBe('cli.unknown_flag');
    expect(error.params.flag).toBe('-z');
  });

  it('refuses a missing value and a value on a boolean', () => {
    expect(failure(['--prompt']).code).toBe('cli.missing_value');
    expect(failure(['--prompt', '--yes']).code).toBe('cli.missing_value');
    expect(failure(['--yes=maybe']).code).toBe('cli.invalid_value');
  });
});
