import { CliError } from '../cli/cli-error.js';

export function unexpectedArgument(argument: string, command: string): CliError {
  return new CliError({
    code: 'cli.unexpected_argument',
    message: `unexpected argument "${argument}"`,
    key: 'error.unexpectedArgument',
    params: { argument },
    hintKey: 'hint.seeHelp',
    hintParams: { command },
  });
}

export function missingArgument(command: string, what: string): CliError {
  return new CliError({
    code: 'cli.missing_argument',
    message: `${command} needs ${what}`,
    key: 'error.missingArgument',
    params: { command, what },
    hintKey: 'hint.seeHelp',
    hintParams: { command },
  });
}
