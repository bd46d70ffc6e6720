import type { RunEventOf } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';
import { printable, type TerminalStyle } from './terminal-style.js';

const MARKS = { pending: '○', in_progress: '◐', done: '●', skipped: '⊘' } as const;

/** The todo list of a `progress` event, one line each (the agent's words, printable characters only). */
export function describeTodos(event: RunEventOf<'progress'>, t: Translator, style: TerminalStyle): string[] {
  const todos = event.todos ?? [];
  const done = todos.filter((x) => x.status === 'done' || x.status === 'skipped').length;
  const lines = [style.cyan(t('style.todos', { done, total: todos.length }))];
  if (event.tainted) lines.push(style.dim(`  ${t('style.todosTainted')}`));
  for (const item of todos) {
    const text = `  ${MARKS[item.status]} ${printable(item.content)}${item.note ? ` — ${printable(item.note)}` : ''}`;
    lines.push(item.status === 'done' ? style.green(text) : item.status === 'in_progress' ? style.bold(text) : style.dim(text));
  }
  return lines;
}

/** The newest ledger entry of a `progress` event, as one line. */
export function describeNewSource(event: RunEventOf<'progress'>, t: Translator): string | undefined {
  const last = event.sources?.at(-1);
  return last ? t('style.source', { id: last.id, ref: printable(last.ref) }) : undefined;
}

/** The whole ledger, as a Sources section printed after the answer. */
export function describeSources(sources: NonNullable<RunEventOf<'progress'>['sources']>, t: Translator): string[] {
  return [t('style.sources'), ...sources.map((s) => `  [${s.id}] ${s.title ? `${printable(s.title)} — ` : ''}${printable(s.ref)}`)];
}
