import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { exitCodeForStop } from '../cli/exit-codes.js';
import type { RunCommandOptions } from '../commands/run-command.js';
import { createHarness } from '../harness/create-harness.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { driveRun, eventSink } from './drive-run.js';
import { sessionReference } from './session-reference.js';
import { listSessions } from './sessions-list.js';

/** `warden run` / `warden --prompt`: headless (no approver unless --yes), or the REPL when there is no task and a terminal. */
export async function runAction(ctx: CommandContext<RunCommandOptions>): Promise<number> {
  const { options, io, positionals } = ctx;
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const harnessOptions = harnessOptionsFrom(ctx, workdir);
  let sessionId: string | undefined;
  if (options.session) {
    const ref = sessionReference(options.session, io.cwd);
    sessionId = ref.id;
    if (ref.dir) harnessOptions.sessions = ref.dir;
  }
  if (options.listSessions) return listSessions(ctx, harnessOptions);
  const task = options.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
  if (task === undefined && !options.resume && !sessionId) {
    if (io.stdin.isTTY === true && io.stdout.isTTY && !options.json) {
      const { startRepl } = await import('../repl/repl.js');
      return startRepl(ctx, harnessOptions);
    }
    throw new CliError({
      code: 'cli.missing_argument',
      message: 'warden run needs a task',
      key: 'error.missingArgument',
      params: { command: 'warden run', what: 'TASK' },
      hintKey: 'hint.giveTask',
    });
  }
  let harness = await createHarness(harnessOptions);
  try {
    if (options.resume && !sessionId) {
      sessionId = await harness.latestSessionId();
      if (!sessionId) {
        throw new CliError({ code: 'cli.invalid_value', message: 'there is no session to resume', key: 'error.invalidValue', params: { flag: '--resume', reason: harness.storeName } });
      }
    }
    if (sessionId) harness = await harness.with({ sessionId });
    const { sink, flush } = eventSink(ctx);
    const events = task === undefined ? harness.agent.resumeStream(sessionId!, { signal: ctx.signal }) : harness.agent.stream(task, { signal: ctx.signal });
    const stop = await driveRun(events, sink);
    flush();
    return exitCodeForStop(stop);
  } finally {
    await harness.close();
  }
}
