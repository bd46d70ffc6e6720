import { replay } from '@warden/eval';
import type { CommandContext } from '../cli/command.js';
import { EXIT, exitCodeForStop } from '../cli/exit-codes.js';
import type { ReplayCommandOptions } from './replay-options.js';
import { agentUnderTest } from './agent-under-test.js';
import { eventSink } from './drive-run.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { resolveSessionId } from './session-ids.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** `warden replay SESSION_ID --step N [--task "…"]`: the session up to step N is forked and the run goes on from there. */
export async function replayAction(ctx: CommandContext<ReplayCommandOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [target, extra] = positionals;
  if (!target) throw missingArgument('warden replay', 'SESSION_ID');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden replay');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const choice = { ...(options.blueprint ? { blueprint: options.blueprint } : {}), ...(options.agent ? { agent: options.agent } : {}), ...(options.agentVersion ? { version: options.agentVersion } : {}) };
  // The id may be a unique prefix: resolved against the store the fork is written to.
  const probe = await agentUnderTest(ctx, workdir, choice);
  let parent: string;
  try {
    parent = await resolveSessionId(probe.store, target);
  } finally {
    await probe.close();
  }
  const events = eventSink(ctx);
  let forkId: string | undefined;
  const { fork, result } = await replay(parent, {
    step: options.step,
    ...(options.task !== undefined ? { task: options.task } : {}),
    harness: (sessionId) => {
      forkId = sessionId;
      return agentUnderTest(ctx, workdir, { ...choice, sessionId });
    },
    onEvent: (event) => {
      if (event.type === 'run_start' && !options.json) io.stdout.write(`${t('replay.forked', { parent, step: options.step, fork: forkId ?? '' })}\n`);
      events.sink(event);
    },
    signal: ctx.signal,
  }).finally(events.flush);
  if (!options.json) io.stdout.write(`${t('replay.reused', { count: fork.reusedToolResults, fork: fork.forkId })}\n`);
  return result.stopReason === 'done' ? EXIT.done : exitCodeForStop(result.stopReason);
}
