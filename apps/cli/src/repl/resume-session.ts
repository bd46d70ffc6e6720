import { CliError } from '../cli/cli-error.js';
import { resolveIdPrefix } from '../actions/id-prefix.js';
import { renderConversation } from '../render/conversation.js';
import { relativeTime } from '../render/relative-time.js';
import { formatCost } from '../render/summarize.js';
import { renderTable } from '../render/table.js';
import type { ReplDeps, ReplState } from './repl-state.js';

/** How many of a resumed conversation's last messages are shown. */
const SHOWN_MESSAGES = 20;
const PICKER_SIZE = 10;

/** `/sessions`: the newest sessions of the store. */
export async function listRecentSessions(state: ReplState, deps: ReplDeps): Promise<void> {
  const t = state.t;
  const sessions = await state.harness.store.list({ limit: PICKER_SIZE * 2 });
  if (sessions.length === 0) {
    deps.write(t('sessions.empty'));
    return;
  }
  const rows = sessions.map((s) => [`${s.id === state.sessionId ? '* ' : ''}${s.id}`, s.title || '-', t.number(s.messageCount), relativeTime(s.updatedAt, t.lang), formatCost(s.costUsd)]);
  deps.ctx.io.stdout.write(renderTable([t('column.id'), t('column.title'), t('column.messages'), t('column.updated'), t('column.cost')], rows, deps.style));
}

/** Shows a stored conversation's last messages (what `claude -c` shows when it opens). */
export async function showConversation(state: ReplState, deps: ReplDeps, id: string): Promise<void> {
  const loaded = await state.harness.store.load(id);
  renderConversation(loaded.records, loaded.warnings, { out: deps.status.out, t: state.t, style: deps.style, last: SHOWN_MESSAGES });
}

/** `/resume [ID]`: continue another stored conversation; without an id, pick from the newest. */
export async function resumeSession(state: ReplState, deps: ReplDeps, typed: string | undefined): Promise<void> {
  const t = state.t;
  const sessions = await state.harness.store.list({ limit: 10_000 });
  if (sessions.length === 0) {
    deps.write(t('sessions.empty'));
    return;
  }
  let choice = typed;
  if (choice === undefined) {
    const shown = sessions.slice(0, PICKER_SIZE);
    shown.forEach((s, i) => deps.write(`  ${deps.style.cyan(String(i + 1).padStart(2))}  ${s.id}  ${s.title || '-'}  ${deps.style.dim(relativeTime(s.updatedAt, t.lang))}`));
    choice = (await deps.rl.question(`${t('repl.pick', { count: shown.length })} › `)).trim();
    if (choice === '') return;
    const index = Number.parseInt(choice, 10);
    if (String(index) === choice && index >= 1 && index <= shown.length) choice = shown[index - 1]!.id;
  }
  let id: string;
  try {
    id = resolveIdPrefix(
      choice,
      sessions.map((s) => s.id),
      'session',
    );
  } catch (error) {
    if (!CliError.isInstance(error)) throw error;
    deps.write(t(error.key, error.params));
    return;
  }
  if (!sessions.some((s) => s.id === id)) {
    deps.write(t('repl.noSuchSession', { id }));
    return;
  }
  state.sessionId = id;
  await showConversation(state, deps, id);
  deps.write(t('repl.resumed', { id }));
}
