import { createInterface } from 'node:readline/promises';
import { assertAuditWritable, assertStoreWritable } from '../actions/writable-check.js';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { createHarness } from '@warden/harness';
import type { HarnessOptions } from '@warden/harness';
import { reportHarnessWarnings } from '../actions/harness-warnings.js';
import { ttyApprover } from '../harness/tty-approver.js';
import { ttyAskUser } from '../harness/tty-ask-user.js';
import { cliVersion } from '../version.js';
import { EventBacklog } from './event-backlog.js';
import type { ReplDeps, ReplState } from './repl-state.js';
import { showConversation } from './resume-session.js';
import { runTask } from './run-task.js';
import { SessionRules } from './session-rules.js';
import { slash } from './slash-commands.js';
import { createStatusLine } from './status-line.js';

export interface ReplStart {
  /** Open this stored conversation (`--resume`, `--continue`, `--session ID` without a task) and show it. */
  sessionId?: string;
  /** Continue the newest session of the store. */
  latest?: boolean;
}

/**
 * The interactive session: streaming text, a status line while it waits, each tool call with
 * its decision, approvals asked on the terminal in the order things happened, slash commands,
 * and Ctrl-C that cancels the step in flight (the session stays intact) — a second Ctrl-C leaves.
 */
export async function startRepl(ctx: CommandContext<object>, options: HarnessOptions, start: ReplStart = {}): Promise<number> {
  const { io, style } = ctx;
  const output = io.terminal;
  if (!output) throw new CliError({ code: 'cli.not_a_tty', message: 'the interactive session needs a terminal', key: 'error.notATty', params: { command: 'warden' } });
  const rl = createInterface({ input: io.stdin, output, terminal: true, historySize: 200 });
  // Spinners only on a terminal, never with --json (the REPL refuses --json anyway).
  const status = createStatusLine(io.stdout, style, style.tty && ctx.options.json !== true);
  const backlog = new EventBacklog();
  const deps: ReplDeps = { ctx, rl, style, status, backlog, write: (text) => status.out.write(`${text}\n`) };
  const rules = new SessionRules();

  const holder: { state?: ReplState } = {};
  const approver = ttyApprover({
    ask: (question, signal) => rl.question(question, { signal }),
    out: status.out,
    get t() {
      return holder.state!.t;
    },
    style,
    get workdir() {
      return holder.state?.harness.workdir;
    },
    by: io.env.USER ?? 'terminal',
    rules,
    // The question comes after everything the run said before it: the header, the text, the call's line.
    async before(_request, signal) {
      await backlog.caughtUp(signal);
      status.pause();
      holder.state?.renderer?.flush();
    },
    after() {
      const waiting = holder.state?.waitingFor;
      if (waiting) status.set(waiting);
    },
  });
  // The cowork style's questions to the person are asked on the same terminal, in turn with approvals.
  const askUser = ttyAskUser({
    ask: (question, signal) => rl.question(question, { signal }),
    out: status.out,
    get t() {
      return holder.state!.t;
    },
    style,
    async before(signal) {
      await backlog.caughtUp(signal);
      status.pause();
      holder.state?.renderer?.flush();
    },
    after() {
      const waiting = holder.state?.waitingFor;
      if (waiting) status.set(waiting);
    },
  });
  let harness;
  try {
    assertStoreWritable(options);
    harness = await createHarness({ ...options, approver, askUser });
    assertAuditWritable(harness);
  } catch (error) {
    await harness?.close();
    rl.close();
    throw error;
  }
  reportHarnessWarnings(ctx, harness);
  const state: ReplState = { t: ctx.t, harness, totals: { input: 0, output: 0, cost: 0 }, interrupts: 0, exitCode: EXIT.done, rules };
  holder.state = state;

  deps.write(style.bold(state.t('repl.welcome', { version: cliVersion(), mode: harness.mode, workdir: harness.workdir })));
  deps.write(style.dim(state.t('repl.welcomeHint')));
  try {
    const resumeId = start.sessionId ?? (start.latest ? await harness.latestSessionId() : undefined);
    if (start.latest && !resumeId) {
      throw new CliError({ code: 'cli.invalid_value', message: `there is no session to resume in ${harness.storeName}`, key: 'error.noSessionToResume', params: { store: harness.storeName }, hintKey: 'hint.giveTask' });
    }
    if (resumeId) {
      state.sessionId = resumeId;
      const known = (await harness.store.list({ limit: 10_000 })).some((s) => s.id === resumeId);
      if (known) await showConversation(state, deps, resumeId);
      deps.write(style.dim(state.t(known ? 'repl.resumed' : 'repl.newSession', { id: resumeId })));
    }
  } catch (error) {
    rl.close();
    await harness.close();
    throw error;
  }
  rl.setPrompt(style.cyan('warden› '));
  return loop(state, deps);
}

function loop(state: ReplState, deps: ReplDeps): Promise<number> {
  const { rl, style } = deps;
  return new Promise<number>((resolve) => {
    let busy = false;
    rl.on('SIGINT', () => {
      // As `warden run`: while a step runs the first Ctrl-C drains it (it finishes and is recorded),
      // the second aborts it; at the prompt (or a third press) two presses leave.
      const { running, stopping } = state;
      const drain = running !== undefined && stopping !== undefined && !stopping.signal.aborted && !running.signal.aborted;
      const abort = !drain && running !== undefined && !running.signal.aborted;
      if (!drain && !abort) state.interrupts += 1;
      if (state.interrupts >= 2) {
        state.exitCode = EXIT.interrupted;
        rl.close();
        return;
      }
      deps.status.pause();
      deps.status.out.write('\n');
      if (drain) {
        stopping.abort();
        deps.write(style.yellow(state.t('run.stopping')));
      } else if (abort) {
        running.abort();
        state.interrupts = 1;
        deps.write(style.yellow(state.t('repl.cancelled')));
      } else {
        deps.write(style.dim(state.t('repl.pressAgain')));
      }
      if (!busy) rl.prompt();
    });
    rl.on('line', (raw) => {
      const line = raw.trim();
      if (busy) {
        // Type-ahead is not queued: a 'y' meant for an approval that had not shown yet must
        // never start a task of its own. Say so instead of dropping the line silently.
        if (line) deps.write(style.dim(state.t('repl.busyLineDropped')));
        return;
      }
      state.interrupts = 0;
      if (!line) {
        rl.prompt();
        return;
      }
      busy = true;
      void (async () => {
        let keepGoing = true;
        try {
          keepGoing = line.startsWith('/') ? await slash(state, deps, line) : (await runTask(state, deps, line), true);
        } catch (error) {
          const { reportError } = await import('../cli/error-report.js');
          deps.ctx.io.stderr.write(reportError(error, state.t, style, deps.ctx.options.debug === true).text);
        }
        busy = false;
        if (keepGoing) rl.prompt();
        else rl.close();
      })();
    });
    rl.on('close', () => {
      state.running?.abort();
      deps.status.stop();
      deps.write(style.dim(state.t('repl.bye')));
      void state.harness.close().finally(() => resolve(state.exitCode));
    });
    rl.prompt();
  });
}
