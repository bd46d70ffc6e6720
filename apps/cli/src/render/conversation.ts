import { historyFromRecords } from '@warden/protocol/history';
import { textOf, type SessionRecord } from '@warden/protocol';
import type { CliOutput } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import { printable, type TerminalStyle } from './terminal-style.js';

export interface ConversationView {
  out: CliOutput;
  t: Translator;
  style: TerminalStyle;
  /** Show only the last N messages (the REPL's resume shows the tail, `sessions show` everything). */
  last?: number;
}

/** A stored conversation for a person: each message's text, tool calls and the first lines of their results. */
export function renderConversation(records: readonly SessionRecord[], warnings: readonly string[], view: ConversationView): void {
  const { out, t, style } = view;
  const history = historyFromRecords(records);
  for (const warning of warnings) out.write(`${style.yellow(t('render.warning', { message: warning }))}\n`);
  const messages = view.last !== undefined ? history.messages.slice(-view.last) : history.messages;
  if (messages.length < history.messages.length) out.write(`${style.dim(t('render.earlierMessages', { count: history.messages.length - messages.length }))}\n`);
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type === 'text') out.write(`${style.bold(`${message.role}:`)} ${printable(part.text)}\n`);
      else if (part.type === 'tool_call') out.write(`${style.cyan('●')} ${part.name} ${printable(JSON.stringify(part.args))}\n`);
      else if (part.type === 'tool_result') {
        const text = part.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
        out.write(`${style.dim(`  ↳ ${printable(text.split('\n').slice(0, 5).join('\n    '))}`)}\n`);
      }
    }
    if (message.parts.length === 0) out.write(`${message.role}: ${printable(textOf(message))}\n`);
  }
}
