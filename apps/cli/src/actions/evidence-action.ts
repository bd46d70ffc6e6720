import path from 'node:path';
import { pushReport } from '@warden/evidence';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/**
 * `warden evidence push DIR --dash FILE`: sends a run's report.json to a self-hosted
 * dashboard. The dash file holds the URL and the token; the token travels only in the
 * Authorization header and never enters the report (evidence refuses a report holding it).
 */
export async function evidenceAction(ctx: CommandContext<{ dash?: string }>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, dir, extra] = positionals;
  if (!verb) throw missingArgument('warden evidence', 'push');
  if (verb !== 'push') throw unexpectedArgument(verb, 'warden evidence');
  if (!dir) throw missingArgument('warden evidence push', 'DIR');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden evidence push');
  if (!options.dash) throw missingArgument('warden evidence push', '--dash FILE');
  const result = await pushReport(path.resolve(io.cwd, dir), path.resolve(io.cwd, options.dash), { env: io.env, signal: ctx.signal });
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'pushed', runId: result.runId, status: result.status })}\n`);
  else io.stdout.write(`${style.green('✔')} ${t('evidence.pushed', { runId: result.runId, status: result.status })}\n`);
  return EXIT.done;
}
