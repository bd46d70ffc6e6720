import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { HarnessOptions } from '@warden/harness';
import { openSessionStore, parseStoreLocation } from '@warden/harness';
import { relativeTime } from '../render/relative-time.js';
import { formatCost } from '../render/summarize.js';
import { renderTable } from '../render/table.js';

/** `warden sessions list` and `--list-sessions`: newest first, with title, messages, updated and cost. */
export async function listSessions(ctx: CommandContext<object>, options: Pick<HarnessOptions, 'workdir' | 'sessions'>): Promise<number> {
  const { io, t, style } = ctx;
  const store = typeof options.sessions === 'object' ? options.sessions : await openSessionStore(parseStoreLocation(options.sessions, options.workdir));
  try {
    const sessions = await store.list({ limit: 100 });
    if (ctx.options.json) {
      for (const s of sessions) io.stdout.write(`${JSON.stringify(s)}\n`);
      return EXIT.done;
    }
    if (sessions.length === 0) {
      io.stdout.write(`${t('sessions.empty')}\n`);
      return EXIT.done;
    }
    const rows = sessions.map((s) => [s.id, s.title || '-', t.number(s.messageCount), relativeTime(s.updatedAt, t.lang), formatCost(s.costUsd)]);
    io.stdout.write(renderTable([t('column.id'), t('column.title'), t('column.messages'), t('column.updated'), t('column.cost')], rows, style));
    return EXIT.done;
  } finally {
    await store.close?.();
  }
}
