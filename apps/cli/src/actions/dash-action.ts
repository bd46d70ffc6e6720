import type * as DashModule from '@warden/dash';
import { isMissingModule } from '@warden/protocol/vocabulary';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { DashCommandOptions } from './dash-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

const PACKAGE = '@warden/dash';

/** @warden/dash is an optional peer: a web server, two database drivers and a migrator that most CLI users never need. */
async function loadDash(): Promise<typeof DashModule> {
  try {
    return await import('@warden/dash');
  } catch (error) {
    if (!isMissingModule(error, PACKAGE)) throw error;
    throw new CliError({
      code: 'cli.missing_package',
      message: `warden dash needs the ${PACKAGE} package, which is not installed`,
      key: 'error.missingPackage',
      params: { command: 'warden dash', package: PACKAGE },
      hintKey: 'hint.installPackage',
      hintParams: { package: PACKAGE },
      cause: error,
    });
  }
}

/**
 * `warden dash serve`: starts the self-hosted dashboard in this process and keeps it
 * up until Ctrl-C. A thin delegate: every option and rule lives in @warden/dash
 * (`warden-dash serve` is the same server without the CLI).
 */
export async function dashAction(ctx: CommandContext<DashCommandOptions>): Promise<number> {
  const { io, t, options, positionals, signal } = ctx;
  const [verb, extra] = positionals;
  if (!verb) throw missingArgument('warden dash', 'serve');
  if (verb !== 'serve') throw unexpectedArgument(verb, 'warden dash');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden dash serve');
  const dash = await loadDash();
  const flags: DashModule.DashServeFlags = {};
  if (options.data !== undefined) flags.data = options.data;
  if (options.databaseUrl !== undefined) flags.databaseUrl = options.databaseUrl;
  if (options.pgSchema !== undefined) flags.pgSchema = options.pgSchema;
  if (options.host !== undefined) flags.host = options.host;
  if (options.port !== undefined) flags.port = options.port;
  if (options.publicUrl !== undefined) flags.publicUrl = options.publicUrl;
  if (options.maxReportMb !== undefined) flags.maxReportMb = options.maxReportMb;
  if (options.allowInsecureHttp !== undefined) flags.allowInsecureHttp = options.allowInsecureHttp;
  if (options.sessions !== undefined) flags.sessions = [options.sessions];
  if (options.approvals !== undefined) flags.approvals = options.approvals;
  if (options.queue !== undefined) flags.fleetQueue = options.queue;
  if (options.queueName !== undefined) flags.fleetName = options.queueName;
  if (options.prefix !== undefined) flags.fleetPrefix = options.prefix;
  const running = await dash.startDash(dash.serveOptionsFrom(flags, io.env));
  const database = `${running.database.kind}: ${running.database.location}`;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'dash_listening', url: running.url, publicUrl: running.publicUrl, database: running.database.kind })}\n`);
  else io.stdout.write(`${t('dash.listening', { url: running.url, publicUrl: running.publicUrl, database })}\n`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await running.close();
  return EXIT.done;
}
