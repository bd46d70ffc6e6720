import type { AskUser } from '@warden/tools';
import type { CliOutput } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import { printable, type TerminalStyle } from '../render/terminal-style.js';
import type { AskLine } from './tty-approver.js';

export interface TtyAskUserOptions {
  ask: AskLine;
  out: CliOutput;
  readonly t: Translator;
  style: TerminalStyle;
  /** Before the question (catch up on the run's output, pause the status line). */
  before?(signal: AbortSignal): Promise<void> | void;
  after?(): void;
}

/**
 * The cowork style's `ask_user` on the terminal: the agent's question (printable characters only),
 * numbered options, and — when the run has read untrusted content — a warning that the question
 * may come from it. A number picks an option; anything else is the answer as typed.
 */
export function ttyAskUser(options: TtyAskUserOptions): AskUser {
  return async (question) => {
    const { out, style } = options;
    await options.before?.(question.signal);
    try {
      out.write(`${style.yellow('?')} ${style.bold(options.t('style.askQuestion', { question: printable(question.question) }))}\n`);
      if (question.tainted) out.write(`  ${style.yellow(options.t('style.askTainted'))}\n`);
      question.options.forEach((option, i) => out.write(`  ${i + 1}. ${printable(option)}\n`));
      const typed = (await options.ask(`  ${options.t('style.askPrompt')}`, question.signal)).trim();
      const picked = /^\d+$/.test(typed) ? question.options[Number(typed) - 1] : undefined;
      return picked ?? typed;
    } finally {
      options.after?.();
    }
  };
}
