import path from 'node:path';
import { pushReport } from '@warden/evidence/report';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { CheckOptions } from './check-options.js';
import { checkAction } from './check-action.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/**
 * `warden evidence list [SELECTOR…]`, `warden evidence run SELECTOR…` (the same runner as
 * `warden check`) and `warden evidence push DIR --dash FILE`, which sends a run's report.json to a
 * self-hosted dashboard. The dash file holds the URL and the token; the token travels only in the
 * Authorization header and never enters the report (evidence refuses a report holding it).
 */
export async function evidenceAction(ctx: CommandContext<CheckOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, ...rest] = positionals;
  if (!verb) throw missingArgument('warden evidence', 'list|run|push');
  if (verb === 'list') return checkAction({ ...ctx, positionals: ['list', ...rest] });
  if (verb === 'run') return checkAction({ ...ctx, positionals: rest });
  if (verb !== 'push') throw unexpectedArgument(verb, 'warden evidence');
  const [dir, extra] = rest;
  if (!dir) throw missingArgument('warden evidence push', 'DIR');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden evidence push');
  if (!options.dash) throw missingArgument('warden evidence push', '--dash FILE');
  const result = await pushReport(path.resolve(io.cwd, dir), path.resolve(io.cwd, options.dash), { env: io.env, signal: ctx.signal });
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'pushed', runId: result.runId, status: result.status })}\n`);
  else io.stdout.write(`${style.green('✔')} ${t('evidence.pushed', { runId: result.runId, status: result.status })}\n`);
  return EXIT.done;
}
