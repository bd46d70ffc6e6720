import type { CommandEnv, CommandHandler } from './command-env.js';
import { parseArgs } from './options.js';
import type { ShellWord } from './types.js';

/**
 * `kill` aimed at everything or at other process groups: `kill -9 -1`, `kill -- -1`, `kill 0`,
 * `kill 1` (init), `kill -- -PGID`. A literal positive PID, a job (`%1`) or the shell's own
 * background job (`$!`, read as a run-time value that is its own) stay allowed; another run-time PID is undecidable.
 */
export const kill: CommandHandler = (args, env) => {
  let i = 0;
  let signalGiven = false;
  const targets: ShellWord[] = [];
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === '--') {
      targets.push(...args.slice(i + 1));
      break;
    }
    if (text === '-l' || text === '-L' || text === '--list' || text === '--table') return;
    if (text === '-s' || text === '-n' || text === '--signal') {
      i += 1;
      signalGiven = true;
      continue;
    }
    if (text !== undefined && text.startsWith('-') && !signalGiven && !/^-\d+$/.test(text)) {
      signalGiven = true;
      continue;
    }
    if (text !== undefined && /^-\d+$/.test(text) && !signalGiven) {
      signalGiven = true;
      continue;
    }
    targets.push(args[i] as ShellWord);
  }
  const zeroSignal = args.some((w) => /^-(?:0|s\s*0)$/.test(w.text ?? '')) || args.some((w, k) => (w.text === '-s' || w.text === '-n') && args[k + 1]?.text === '0');
  if (zeroSignal) return;
  for (const target of targets) {
    const text = target.text;
    if (text === undefined) {
      env.undecidable('kill: the process ID is built at run time', true);
      continue;
    }
    if (text.startsWith('%')) continue;
    if (/^-\d+$/.test(text) || text === '0' || text === '1') {
      env.deny('shell.kill_processes', `kill ${text} signals ${text === '-1' ? 'every process the user can reach' : text === '0' ? 'its whole process group' : text === '1' ? 'init' : 'a whole process group'}`, { command: `kill ${text}` });
    }
  }
};

/** `pkill`, `killall`, `fuser -k`, `shutdown`, `reboot`…: they stop processes this run did not start. */
export const killByName: CommandHandler = (args, env, name) => {
  if (name === 'fuser' && !args.some((w) => /^-[a-z]*k/.test(w.text ?? ''))) return;
  if (args.some((w) => /^(?:--help|--version|-V|--list)$/.test(w.text ?? '')) || (name !== 'shutdown' && args.some((w) => /^-[hl]$/.test(w.text ?? '')))) return;
  if (name === 'systemctl' && !args.some((w) => /^(?:kill|stop|poweroff|reboot|halt|isolate|kexec|suspend|hibernate|emergency|rescue)$/.test(w.text ?? ''))) return;
  if (name === 'init' || name === 'telinit') {
    if (!args.some((w) => /^[0-6sS]$/.test(w.text ?? ''))) return;
  }
  env.deny('shell.kill_processes', `${name} stops processes this run did not start`, { command: name });
};

export const KILL_BY_NAME = ['pkill', 'killall', 'killall5', 'skill', 'slay', 'fuser', 'shutdown', 'reboot', 'halt', 'poweroff', 'systemctl', 'init', 'telinit', 'xkill'];

function detachedWrapper(env: CommandEnv, name: string, inner: ShellWord[]): void {
  env.detached(name);
  if (inner.length > 0) env.runArgv(inner, name);
}

/** `setsid [-f] cmd`, `nohup cmd`: the command outlives the shell that started it. */
export const detach: CommandHandler = (args, env, name) => {
  const parsed = parseArgs(args, { stopAtOperand: true });
  detachedWrapper(env, name, parsed.operands);
  return {};
};

/** `disown`: the shell's jobs outlive it. */
export const disown: CommandHandler = (_args, env) => {
  env.detached('disown');
};

/** `screen -dm cmd`, `tmux new -d cmd`, `daemonize`, `start-stop-daemon --background`, and container runtimes that detach (`systemd-run`, `at`, `batch`, `crontab` are scheduler-rules'). */
export const background: CommandHandler = (args, env, name) => {
  const texts = args.map((w) => w.text);
  if (name === 'screen' && !texts.some((t) => t !== undefined && /^-[A-Za-z]*d[A-Za-z]*m|^-[A-Za-z]*D[A-Za-z]*m/.test(t))) return;
  if (name === 'tmux' && !texts.some((t) => t !== undefined && /^(?:new(?:-session)?|new-window|neww|split-window|splitw|run-shell|run)$/.test(t))) return;
  if ((name === 'pm2' || name === 'forever') && !texts.some((t) => t === 'start' || t === 'restart' || t === 'resurrect')) return;
  if (name === 'docker' || name === 'podman' || name === 'nerdctl') {
    const detaching = texts.some((t) => t === 'run' || t === 'up' || t === 'start' || t === 'create') && texts.some((t) => t === '--detach' || (t !== undefined && /^-[A-Za-z]*d[A-Za-z]*$/.test(t) && !t.startsWith('--')));
    if (!detaching) return;
  }
  env.detached(name);
  const command = name === 'tmux' ? args.slice(texts.findIndex((t) => t !== undefined && /^(?:new|new-session|new-window|neww|split-window|splitw|run-shell|run)$/.test(t)) + 1).filter((w) => !w.text?.startsWith('-')).pop() : undefined;
  if (name === 'tmux' && command) env.runScript(command.text, 'tmux');
  if (name === 'daemonize' || name === 'start-stop-daemon' || name === 'screen') {
    const dashes = args.findIndex((w) => w.text === '--' || w.text === '--exec' || w.text === '--startas');
    const inner = dashes >= 0 ? args.slice(dashes + 1) : parseArgs(args, { short: 'pSuUMdEG', long: ['--unit', '--property', '--description', '--uid', '--gid', '--setenv', '--working-directory', '--on-calendar', '--on-active'], stopAtOperand: true }).operands.filter((w) => !/^-/.test(w.text ?? ''));
    if (inner.length > 0) env.runArgv(inner, name);
  }
  return {};
};

export const BACKGROUND = ['screen', 'tmux', 'daemonize', 'start-stop-daemon', 'pm2', 'forever', 'supervisord', 'dtach', 'abduco'];
