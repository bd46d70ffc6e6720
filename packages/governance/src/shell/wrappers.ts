import { posix } from 'node:path';
import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { isCommandVariable } from './command-variables.js';
import { parseArgs, type OptionSpec } from './options.js';
import { cloneState } from './scope-state.js';
import type { ShellWord } from './types.js';

/** Commands that run another command as a different (usually more powerful) user. */
export const PRIVILEGE_COMMANDS = ['sudo', 'su', 'doas', 'pkexec', 'run0', 'sudoedit', 'gosu', 'su-exec', 'runuser', 'setpriv', 'chroot', 'nsenter', 'capsh', 'setcap', 'machinectl', 'calife', 'ksu'];

export const privilege: CommandHandler = (_args, env, name) => {
  env.deny('shell.privilege_escalation', `${name} runs a command with other privileges`);
};

/** `wrapper [options] command args…`: peel the options, analyse the command. */
function simpleWrapper(spec: OptionSpec, skipOperands = 0): CommandHandler {
  return (args, env, name) => {
    const parsed = parseArgs(args, { ...spec, stopAtOperand: true });
    const inner = parsed.operands.slice(skipOperands);
    if (parsed.dynamicOption && parsed.operands[0]?.text === undefined) {
      env.undecidable(`${name}: the wrapped command is built at run time`);
      return {};
    }
    return env.runArgv(inner, name);
  };
}

export const WRAPPERS: Record<string, CommandHandler> = {
  nohup: simpleWrapper({}),
  coproc: simpleWrapper({}),
  builtin: simpleWrapper({}),
  exec: simpleWrapper({ short: 'a' }),
  time: simpleWrapper({ short: 'fo', long: ['--format', '--output'] }),
  nice: simpleWrapper({ short: 'n', long: ['--adjustment'] }),
  ionice: simpleWrapper({ short: 'cnpPu', long: ['--class', '--classdata', '--pid', '--pgid', '--uid'] }),
  timeout: simpleWrapper({ short: 'sk', long: ['--signal', '--kill-after'] }, 1),
  stdbuf: simpleWrapper({ short: 'ioe', long: ['--input', '--output', '--error'] }),
  setsid: simpleWrapper({}),
  taskset: simpleWrapper({}, 1),
  chrt: simpleWrapper({}, 1),
  unbuffer: simpleWrapper({}),
  caffeinate: simpleWrapper({ short: 'tw' }),
  strace: simpleWrapper({ short: 'eoOpPsSuEIXa', long: ['--output', '--attach', '--user', '--trace'] }),
  ltrace: simpleWrapper({ short: 'eoOpsSuEnlLaA', long: ['--output'] }),
  unshare: simpleWrapper({ short: 'SGR', long: ['--setuid', '--setgid', '--root', '--wd'] }),
  'xvfb-run': simpleWrapper({ short: 'nfsep', long: ['--server-num', '--auth-file', '--server-args', '--error-file'] }),
  busybox: (args, env) => env.runArgv(args, 'busybox'),
  toybox: (args, env) => env.runArgv(args, 'toybox'),
  command: (args, env) => {
    const parsed = parseArgs(args, { stopAtOperand: true });
    if (parsed.options.some((o) => o.name === '-v' || o.name === '-V')) return {};
    return env.runArgv(parsed.operands, 'command');
  },
  env: envWrapper,
  xargs: xargsWrapper,
  flock: flockWrapper,
  watch: (args, env) => {
    const parsed = parseArgs(args, { short: 'nd', long: ['--interval', '--differences'], stopAtOperand: true });
    const joined = parsed.operands.some((w) => w.text === undefined) ? undefined : parsed.operands.map((w) => w.text).join(' ');
    env.runScript(joined, 'watch');
    return {};
  },
  script: (args, env) => {
    const parsed = parseArgs(args, { short: 'cEIOBT', long: ['--command', '--echo', '--log-in', '--log-out', '--log-io', '--log-timing'] });
    const command = parsed.options.find((o) => o.name === '-c' || o.name === '--command');
    if (command) env.runScript(command.value?.text, 'script -c');
    for (const file of parsed.operands) env.checkWrite(file, 'script');
    return {};
  },
};

function envWrapper(args: ShellWord[], env: CommandEnv): CommandOutcome {
  const inner: ShellWord[] = [];
  let state = env.state;
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.text;
    if (text === undefined) {
      env.undecidable('env: an argument is built at run time');
      return {};
    }
    if (text === '--') {
      i += 1;
      break;
    }
    const split = /^(?:-S|--split-string)(?:=?)(.*)$/s.exec(text);
    if (split) {
      const value = split[1] === '' && !text.includes('=') ? args[++i]?.text : split[1];
      if (value === undefined) {
        env.undecidable('env -S: the command string is built at run time');
        return {};
      }
      inner.push(...value.split(/\s+/).filter((s) => s.length > 0).map((s) => ({ text: s, glob: false })));
      continue;
    }
    const chdir = /^(?:-C|--chdir)(?:=?)(.*)$/s.exec(text);
    if (chdir) {
      const dir = chdir[1] === '' && !text.includes('=') ? args[++i]?.text : chdir[1];
      state = cloneState(state);
      state.cwd = dir === undefined || state.cwd === undefined || dir.startsWith('~') ? undefined : posix.resolve(state.cwd, dir);
      continue;
    }
    if (text === '-u' || text === '--unset' || text === '-P') {
      i += 1;
      continue;
    }
    if (text.startsWith('-')) continue;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(text);
    if (assignment) {
      if (isCommandVariable(assignment[1] as string)) env.runScript(assignment[2], `env ${assignment[1] as string}=`);
      continue;
    }
    break;
  }
  inner.push(...args.slice(i));
  return env.runArgv(inner, 'env', state);
}

function xargsWrapper(args: ShellWord[], env: CommandEnv): CommandOutcome {
  const parsed = parseArgs(args, {
    short: 'adEeIiLlnPs',
    long: ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
    stopAtOperand: true,
  });
  const replace = parsed.options.find((o) => o.name === '-I' || o.name === '-i' || o.name === '--replace');
  const token = replace ? (replace.value?.text ?? '{}') : undefined;
  const unknown: ShellWord = { text: undefined, glob: false };
  const inner = parsed.operands.length > 0 ? [...parsed.operands] : [{ text: 'echo', glob: false }];
  const argv = token === undefined ? [...inner, unknown] : inner.map((w) => (w.text !== undefined && w.text.includes(token) ? unknown : w));
  return env.runArgv(argv, 'xargs');
}

function flockWrapper(args: ShellWord[], env: CommandEnv): CommandOutcome {
  const parsed = parseArgs(args, { short: 'wEc', long: ['--timeout', '--conflict-exit-code', '--command'], stopAtOperand: true });
  const command = parsed.options.find((o) => o.name === '-c' || o.name === '--command');
  if (command) {
    env.runScript(command.value?.text, 'flock -c');
    return {};
  }
  const rest = parsed.operands.slice(1);
  if (rest[0]?.text === '-c' || rest[0]?.text === '--command') {
    env.runScript(rest[1]?.text, 'flock -c');
    return {};
  }
  return env.runArgv(rest, 'flock');
}
