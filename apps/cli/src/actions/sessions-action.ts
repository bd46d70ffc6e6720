import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { openSessionStore, parseStoreLocation } from '@warden/harness';
import { renderConversation } from '../render/conversation.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { resolveSessionId } from './session-ids.js';
import { sessionReference } from './session-reference.js';
import { listSessions } from './sessions-list.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

interface SessionsOptions {
  workdir?: string;
  sessions?: string;
}

/** `warden sessions [list | show ID | timeline ID | delete ID]`. */
export async function sessionsAction(ctx: CommandContext<SessionsOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb = 'list', target, extra] = positionals;
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden sessions');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const spec = options.sessions ?? ctx.config.config.sessions;
  if (verb === 'list') {
    if (target !== undefined) throw unexpectedArgument(target, 'warden sessions');
    return listSessions(ctx, { workdir, ...(spec ? { sessions: spec } : {}) });
  }
  if (verb !== 'show' && verb !== 'delete' && verb !== 'timeline') throw unexpectedArgument(verb, 'warden sessions');
  if (!target) throw missingArgument(`warden sessions ${verb}`, 'ID');
  const ref = sessionReference(target, io.cwd);
  const store = await openSessionStore(parseStoreLocation(ref.dir ?? spec, workdir));
  try {
    const id = await resolveSessionId(store, ref.id);
    if (verb === 'delete') {
      await store.delete(id);
      io.stdout.write(options.json ? `${JSON.stringify({ deleted: id })}\n` : `${t('sessions.deleted', { id })}\n`);
      return EXIT.done;
    }
    const loaded = await store.load(id);
    if (verb === 'timeline') {
      const { renderTimeline } = await import('./session-timeline.js');
      renderTimeline(ctx, id, loaded.records);
      return EXIT.done;
    }
    if (options.json) {
      for (const record of loaded.records) io.stdout.write(`${JSON.stringify(record)}\n`);
      return EXIT.done;
    }
    renderConversation(loaded.records, loaded.warnings, { out: io.stdout, t, style });
    return EXIT.done;
  } finally {
    await store.close?.();
  }
}
