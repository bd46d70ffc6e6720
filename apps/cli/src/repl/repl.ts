import { createInterface } from 'node:readline/promises';
import type { RunEvent } from '@warden/protocol';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { isLanguage } from '../i18n/catalog-types.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import type { Translator } from '../i18n/translator.js';
import { createHarness, type Harness } from '@warden/harness';
import type { HarnessMode, HarnessOptions } from '@warden/harness';
import { ttyApprover } from '../harness/tty-approver.js';
import { createEventRenderer } from '../render/event-renderer.js';
import { formatCost } from '../render/summarize.js';
import { cliVersion } from '../version.js';

interface ReplState {
  t: Translator;
  harness: Harness;
  sessionId?: string;
  totals: { input: number; output: number; cost: number };
  running?: AbortController;
  /** Ctrl-C presses since the last line typed. */
  interrupts: number;
  exitCode: number;
}

const MODES: readonly HarnessMode[] = ['safe', 'yolo', 'read-only'];

/**
 * The interactive session: streaming text, each tool call with its decision,
 * approvals asked on the terminal, slash commands, and Ctrl-C that cancels the
 * step in flight (the session stays intact) — a second Ctrl-C leaves.
 */
export async function startRepl(ctx: CommandContext<object>, options: HarnessOptions): Promise<number> {
  const { io, style } = ctx;
  const output = io.terminal;
  if (!output) throw new CliError({ code: 'cli.not_a_tty', message: 'the interactive session needs a terminal', key: 'error.notATty', params: { command: 'warden' } });
  const rl = createInterface({ input: io.stdin, output, terminal: true, historySize: 200 });
  const write = (text: string): void => io.stdout.write(`${text}\n`);

  const approverFor = (state: () => ReplState) =>
    ttyApprover({
      ask: (question, signal) => rl.question(question, { signal }),
      out: io.stdout,
      get t() {
        return state().t;
      },
      style,
      by: io.env.USER ?? 'terminal',
    });

  const holder: { state?: ReplState } = {};
  const stateRef = (): ReplState => holder.state!;
  const harness = await createHarness({ ...options, approver: approverFor(stateRef) });
  const state: ReplState = { t: ctx.t, harness, totals: { input: 0, output: 0, cost: 0 }, interrupts: 0, exitCode: EXIT.done };
  holder.state = state;

  write(style.bold(state.t('repl.welcome', { version: cliVersion(), mode: harness.mode, workdir: harness.workdir })));
  write(style.dim(state.t('repl.welcomeHint')));
  rl.setPrompt(style.cyan('warden› '));

  async function runTask(task: string): Promise<void> {
    const controller = new AbortController();
    state.running = controller;
    const renderer = createEventRenderer({ out: io.stdout, t: state.t, style });
    const observe = (event: RunEvent): void => {
      renderer.render(event);
      if (event.type === 'run_start' && event.sessionId) state.sessionId = event.sessionId;
      if (event.type === 'run_end') {
        state.totals.input += event.usage.inputTokens;
        state.totals.output += event.usage.outputTokens;
        state.totals.cost += event.costUsd;
      }
    };
    try {
      const agent = state.harness.agent;
      const events = state.sessionId ? agent.resumeStream(state.sessionId, { task, signal: controller.signal }) : agent.stream(task, { signal: controller.signal });
      for await (const event of events) observe(event);
    } catch (error) {
      const { reportError } = await import('../cli/error-report.js');
      io.stderr.write(reportError(error, state.t, style, ctx.options.debug === true).text);
    } finally {
      renderer.flush();
      state.running = undefined;
    }
    if (state.harness.compacting) state.harness = await state.harness.with({ compactNow: false });
  }

  async function slash(line: string): Promise<boolean> {
    const [command, arg] = line.slice(1).split(/\s+/, 2);
    const t = state.t;
    switch (command) {
      case 'help':
        write(t('repl.help'));
        break;
      case 'mode':
        if (arg && (MODES as readonly string[]).includes(arg)) state.harness = await state.harness.with({ mode: arg as HarnessMode });
        else if (arg) write(t('error.invalidValue', { flag: '/mode', reason: MODES.join(', ') }));
        write(t('repl.mode', { mode: state.harness.mode }));
        break;
      case 'session':
        write(state.sessionId ? t('repl.session', { id: state.sessionId }) : t('repl.noSession'));
        break;
      case 'tokens':
        write(t('repl.tokens', { input: state.totals.input, output: state.totals.output, cost: formatCost(state.totals.cost) }));
        break;
      case 'lang':
        if (arg && isLanguage(arg)) state.t = await loadTranslator(arg);
        else if (arg) write(t('error.unsupportedLanguage', { lang: arg, languages: 'en, es, hi, fr' }));
        write(state.t('repl.lang', { lang: state.t.lang }));
        break;
      case 'compact':
        state.harness = await state.harness.with({ compactNow: true });
        write(t('repl.compacted'));
        break;
      case 'exit':
      case 'quit':
        return false;
      default:
        write(t('repl.unknown', { command: `/${command ?? ''}` }));
    }
    return true;
  }

  return new Promise<number>((resolve) => {
    let busy = false;
    rl.on('SIGINT', () => {
      state.interrupts += 1;
      if (state.interrupts >= 2) {
        state.exitCode = EXIT.interrupted;
        rl.close();
        return;
      }
      io.stdout.write('\n');
      if (state.running) {
        state.running.abort();
        write(style.yellow(state.t('repl.cancelled')));
      } else {
        write(style.dim(state.t('repl.pressAgain')));
      }
      if (!busy) rl.prompt();
    });
    rl.on('line', (raw) => {
      const line = raw.trim();
      if (busy) {
        // Type-ahead is not queued: a 'y' meant for an approval that had not shown yet must
        // never start a task of its own. Say so instead of dropping the line silently.
        if (line) write(style.dim(state.t('repl.busyLineDropped')));
        return;
      }
      state.interrupts = 0;
      if (!line) {
        rl.prompt();
        return;
      }
      busy = true;
      void (async () => {
        const keepGoing = line.startsWith('/') ? await slash(line) : (await runTask(line), true);
        busy = false;
        if (keepGoing) rl.prompt();
        else rl.close();
      })();
    });
    rl.on('close', () => {
      state.running?.abort();
      write(style.dim(state.t('repl.bye')));
      void state.harness.close().finally(() => resolve(state.exitCode));
    });
    rl.prompt();
  });
}
