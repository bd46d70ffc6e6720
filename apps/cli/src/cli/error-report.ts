import { WardenError } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';
import { describeError } from '../render/describe-error.js';
import type { TerminalStyle } from '../render/terminal-style.js';
import { CliError } from './cli-error.js';
import { exitCodeForError } from './exit-codes.js';

export interface ErrorReport {
  exitCode: number;
  /** What to print on stderr, ending in a newline. */
  text: string;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * The one error handler: a single line saying what is wrong and what to do,
 * the stable code, and the stack only with `--debug`. Unknown errors are not
 * echoed verbatim (they may carry anything); their class and message are.
 */
export function reportError(error: unknown, t: Translator, style: TerminalStyle, debug: boolean): ErrorReport {
  let message: string;
  let hint: string | undefined;
  let code: string;
  let detail: string | undefined;
  if (CliError.isInstance(error)) {
    code = error.code;
    message = t(error.key, error.params);
    hint = error.hintKey ? t(error.hintKey, error.hintParams) : error.hint;
  } else if (WardenError.isInstance(error)) {
    code = error.code;
    const described = describeError(error, t);
    message = described.message;
    hint = described.hint ?? t('hint.debug');
    detail = described.detail;
  } else {
    code = 'internal.unexpected';
    message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    hint = t('hint.unexpected');
  }
  let text = `${style.red(style.bold('warden:'))} ${oneLine(message)}`;
  if (hint) text += ` — ${oneLine(hint)}`;
  text += ` ${style.dim(`[${code}]`)}\n`;
  if (detail) text += `  ${style.dim(oneLine(detail))}\n`;
  if (debug && error instanceof Error && error.stack) {
    text += `${style.dim(error.stack)}\n`;
    let cause = error.cause;
    while (cause instanceof Error) {
      text += `${style.dim(`caused by: ${cause.stack ?? cause.message}`)}\n`;
      cause = cause.cause;
    }
  }
  return { exitCode: exitCodeForError(code), text };
}
