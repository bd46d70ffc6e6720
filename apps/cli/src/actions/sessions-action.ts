import { historyFromRecords, textOf } from '@warden/protocol';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { openSessionStore, parseStoreLocation } from '@warden/harness';
import { resolveWorkdir } from './cli-harness-options.js';
import { sessionReference } from './session-reference.js';
import { listSessions } from './sessions-list.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

interface SessionsOptions {
  workdir?: string;
  sessions?: string;
}

/** `warden sessions [list | show ID | delete ID]`. */
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
  if (verb !== 'show' && verb !== 'delete') throw unexpectedArgument(verb, 'warden sessions');
  if (!target) throw missingArgument(`warden sessions ${verb}`, 'ID');
  const ref = sessionReference(target, io.cwd);
  const store = await openSessionStore(parseStoreLocation(ref.dir ?? spec, workdir));
  try {
    if (verb === 'delete') {
      await store.delete(ref.id);
      io.stdout.write(options.json ? `${JSON.stringify({ deleted: ref.id })}\n` : `${t('sessions.deleted', { id: ref.id })}\n`);
      return EXIT.done;
    }
    const loaded = await store.load(ref.id);
    if (options.json) {
      for (const record of loaded.records) io.stdout.write(`${JSON.stringify(record)}\n`);
      return EXIT.done;
    }
    const history = historyFromRecords(loaded.records);
    for (const warning of loaded.warnings) io.stdout.write(`${style.yellow(t('render.warning', { message: warning }))}\n`);
    for (const message of history.messages) {
      for (const part of message.parts) {
        if (part.type === 'text') io.stdout.write(`${style.bold(`${message.role}:`)} ${part.text}\n`);
        else if (part.type === 'tool_call') io.stdout.write(`${style.cyan('●')} ${part.name} ${JSON.stringify(part.args)}\n`);
        else if (part.type === 'tool_result') {
          const text = part.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');
          io.stdout.write(`${style.dim(`  ↳ ${text.split('\n').slice(0, 5).join('\n    ')}`)}\n`);
        }
      }
      if (message.parts.length === 0) io.stdout.write(`${message.role}: ${textOf(message)}\n`);
    }
    return EXIT.done;
  } finally {
    await store.close?.();
  }
}
