import { posix } from 'node:path';
import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { isCommandVariable } from './command-variables.js';
import { checkGitConfigEnv } from './git-settings.js';
import { splitEnvString } from './env-split.js';
import { parseArgs, type OptionSpec } from './options.js';
import { cloneState } from './scope-state.js';
import { detach, disown } from './process-rules.js';
import { fdFind, parallel } from './runners.js';
import { unshareMapsRoot } from './container-rules.js';
import { reachesRemote } from './beacons.js';
import { show } from './run-env.js';
import type { ShellWord } from './types.js';

/** Commands that run another command as a different (usually more powerful) user. */
export const PRIVILEGE_COMMANDS = ['sudo', 'su', 'doas', 'pkexec', 'run0', 'sudoedit', 'gosu', 'su-exec', 'runuser', 'setpriv', 'chroot', 'nsenter', 'capsh', 'setcap', 'machinectl', 'calife', 'ksu'];

export const privilege: CommandHandler = (_args, env, name) => {
  env.deny('shell.privilege_escalation', `${name} runs a command with other privileges`, { command: name });
};

/** `wrapper [options] command args…`: peel the options, analyse the command. */
function simpleWrapper(spec: OptionSpec, skipOperands = 0): CommandHandler {
  return (args, env, name) => {
    const parsed = parseArgs(args, { ...spec, stopAtOperand: true });
    const inner = parsed.operands.slice(skipOperands);
    if (parsed.dynamicOption && parsed.operands[0]?.text === undefined) {
      env.undecidable(`${name}: the wrapped command is built at run time`, true);
      return {};
    }
    return env.runArgv(inner, name);
  };
}

/** `runner SUB [options] command…`: `bundle exec`, `poetry run`, `direnv exec DIR`. */
function subcommandRunner(sub: RegExp, skipOperands = 0): CommandHandler {
  return (args, env, name) => {
    const first = args[0]?.text;
    if (first === undefined || !sub.test(first)) return {};
    const parsed = parseArgs(args.slice(1), { stopAtOperand: true });
    return env.runArgv(parsed.operands.slice(skipOperands), `${name} ${first}`);
  };
}

/** `cross-env A=1 B=2 command…`. */
const assignmentsThenCommand: CommandHandler = (args, env, name) => {
  const at = args.findIndex((w) => w.text === undefined || (!/^[A-Za-z_]\w*=/.test(w.text) && !w.text.startsWith('-')));
  return at < 0 ? {} : env.runArgv(args.slice(at), name);
};

export const WRAPPERS: Record<string, CommandHandler> = {
  nohup: detach,
  setsid: detach,
  disown,
  parallel,
  sem: parallel,
  fd: fdFind,
  fdfind: fdFind,
  cpulimit: simpleWrapper({ short: 'lpePi', long: ['--limit', '--pid', '--exe', '--path'] }),
  prlimit: simpleWrapper({ short: 'p', long: ['--pid', '--output'] }),
  firejail: simpleWrapper({}),
  fakeroot: simpleWrapper({ short: 'sil', long: ['--lib', '--faked'] }),
  faketime: simpleWrapper({ short: 'fm' }, 1),
  catchsegv: simpleWrapper({}),
  valgrind: simpleWrapper({}),
  sg: (args, env) => {
    const command = args.findIndex((w) => w.text === '-c');
    if (command >= 0) env.runScript(args[command + 1]?.text, 'sg -c');
    else env.runArgv(args.slice(1), 'sg');
    return {};
  },
  runcon: simpleWrapper({ short: 'turl', long: ['--type', '--user', '--role', '--range'] }, 1),
  chpst: simpleWrapper({ short: 'uUe/nlLmdopfcrt' }),
  setarch: simpleWrapper({}, 1),
  linux32: simpleWrapper({}),
  linux64: simpleWrapper({}),
  numactl: simpleWrapper({ short: 'iNmpCP' }),
  torsocks: simpleWrapper({ short: 'aPuip', long: ['--address', '--port', '--user', '--pass'] }),
  proxychains: simpleWrapper({ short: 'f' }),
  proxychains4: simpleWrapper({ short: 'f' }),
  rlwrap: simpleWrapper({ short: 'afHlpPsSt' }),
  entr: simpleWrapper({}),
  sshpass: simpleWrapper({ short: 'pfdP' }),
  'dbus-launch': simpleWrapper({}),
  eatmydata: simpleWrapper({}),
  ifne: simpleWrapper({}),
  chronic: simpleWrapper({}),
  nocache: simpleWrapper({}),
  'systemd-inhibit': simpleWrapper({ long: ['--what', '--who', '--why', '--mode'] }),
  'cross-env': assignmentsThenCommand,
  'cross-env-shell': (args, env) => {
    const at = args.findIndex((w) => w.text === undefined || !/^[A-Za-z_]\w*=/.test(w.text));
    env.runScript(at < 0 ? '' : args.slice(at).map((w) => w.text).join(' '), 'cross-env-shell');
    return {};
  },
  bundle: subcommandRunner(/^exec$/),
  poetry: subcommandRunner(/^run$/),
  pipenv: subcommandRunner(/^run$/),
  direnv: subcommandRunner(/^exec$/, 1),
  'nix-shell': (args, env) => {
    const at = args.findIndex((w) => w.text === '--run' || w.text === '--command');
    if (at >= 0) env.runScript(args[at + 1]?.text, `nix-shell ${args[at]?.text ?? ''}`);
    return {};
  },
  coproc: simpleWrapper({}),
  builtin: simpleWrapper({}),
  exec: simpleWrapper({ short: 'a' }),
  time: simpleWrapper({ short: 'fo', long: ['--format', '--output'] }),
  nice: simpleWrapper({ short: 'n', long: ['--adjustment'] }),
  ionice: simpleWrapper({ short: 'cnpPu', long: ['--class', '--classdata', '--pid', '--pgid', '--uid'] }),
  timeout: simpleWrapper({ short: 'sk', long: ['--signal', '--kill-after'] }, 1),
  stdbuf: simpleWrapper({ short: 'ioe', long: ['--input', '--output', '--error'] }),
  taskset: simpleWrapper({}, 1),
  chrt: simpleWrapper({}, 1),
  unbuffer: simpleWrapper({}),
  caffeinate: simpleWrapper({ short: 'tw' }),
  strace: simpleWrapper({ short: 'eoOpPsSuEIXa', long: ['--output', '--attach', '--user', '--trace'] }),
  ltrace: simpleWrapper({ short: 'eoOpsSuEnlLaA', long: ['--output'] }),
  unshare: (args, env, name) => {
    if (unshareMapsRoot(args)) env.deny('shell.container_escape', 'unshare --map-root-user makes the command root in a new user namespace, where it can remount what the sandbox protects', { command: 'unshare --map-root-user' });
    return simpleWrapper({ short: 'SGR', long: ['--setuid', '--setgid', '--root', '--wd'] })(args, env, name);
  },
  'xvfb-run': simpleWrapper({ short: 'nfsep', long: ['--server-num', '--auth-file', '--server-args', '--error-file'] }),
  busybox: (args, env) => {
    // `busybox httpd -h DIR` serves DIR to the network.
    if (args[0]?.text === 'httpd') {
      const home = args.findIndex((w) => w.text === '-h');
      env.checkRead(home >= 0 ? (args[home + 1] ?? { text: undefined, glob: false }) : { text: '.', glob: false }, 'busybox httpd', { absolute: true });
    }
    return env.runArgv(args, 'busybox');
  },
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
    const before = env.networkUses().length;
    env.runScript(joined, 'watch');
    // watch runs it again and again until stopped: a network command there is a beacon.
    if (reachesRemote(env.networkUses().slice(before))) env.deny('shell.beacon', 'watch runs a network command on a timer (beacon)', { command: show(`watch ${joined ?? ''}`) });
    return {};
  },
  script: (args, env) => {
    const parsed = parseArgs(args, { short: 'cEIOBT', long: ['--command', '--echo', '--log-in', '--log-out', '--log-io', '--log-timing'] });
    const command = parsed.options.find((o) => o.name === '-c' || o.name === '--command');
    if (command) env.runScript(command.value?.text, 'script -c');
    for (const file of parsed.operands) env.checkWrite(file, 'script', { devices: true });
    return {};
  },
};

/** GNU and BSD `env` options that take a value (attached, `=`, or the next word). */
const ENV_VALUE_SHORT = 'uCSaP';
const ENV_VALUE_LONG = new Set(['--unset', '--chdir', '--split-string', '--argv0']);

/**
 * `env [-iv0] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE…] command…`: options are read as env reads
 * them, clusters included (`-iS 'rm -rf /'`, `-S'…'`, `--split-string=…`); the `-S` string is split
 * with env's own rules and becomes the front of the command.
 */
function envWrapper(given: ShellWord[], env: CommandEnv): CommandOutcome {
  // `-S` splices its words back into the arguments: env reads them as options, assignments and the command.
  const args = [...given];
  const inner: ShellWord[] = [];
  let state = env.state;
  const assignments = new Map<string, string>();
  let i = 0;
  const option = (name: string, value: string | undefined): boolean => {
    if (value === undefined) {
      env.undecidable(`env ${name}: the value is built at run time`, true);
      return false;
    }
    if (name === '-S' || name === '--split-string') {
      const words = splitEnvString(value);
      if (words === undefined) {
        env.undecidable('env -S: the command string expands variables at run time', true);
        return false;
      }
      args.splice(i + 1, 0, ...words.map((text) => ({ text, glob: false })));
    } else if (name === '-C' || name === '--chdir') {
      state = cloneState(state);
      state.cwd = state.cwd === undefined || value.startsWith('~') ? undefined : posix.resolve(state.cwd, value);
    }
    return true;
  };
  for (; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.text;
    if (text === undefined) {
      env.undecidable('env: an argument is built at run time', true);
      return {};
    }
    if (text === '--') {
      i += 1;
      break;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text : text.slice(0, eq);
      if (ENV_VALUE_LONG.has(name) && !option(name, eq < 0 ? args[++i]?.text : text.slice(eq + 1))) return {};
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      for (let j = 1; j < text.length; j++) {
        const letter = text[j] as string;
        if (!ENV_VALUE_SHORT.includes(letter)) continue;
        const rest = text.slice(j + 1);
        if (!option(`-${letter}`, rest.length > 0 ? rest : args[++i]?.text)) return {};
        break;
      }
      continue;
    }
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(text);
    if (assignment) {
      assignments.set(assignment[1] as string, assignment[2] as string);
      if (isCommandVariable(assignment[1] as string)) env.runScript(assignment[2], `env ${assignment[1] as string}=`);
      continue;
    }
    break;
  }
  checkGitConfigEnv(env, assignments);
  inner.push(...args.slice(i));
  return env.runArgv(inner, 'env', state);
}

/** xargs's own splitting: blanks and newlines, with quotes and backslashes (or `-0`/`-d` delimiters). */
function xargsItems(input: string, delimiter: string | undefined, lines: boolean): string[] | undefined {
  if (delimiter !== undefined) return input.split(delimiter).filter((s) => s.length > 0);
  if (lines) return input.split('\n').map((s) => s.trim()).filter((s) => s.length > 0);
  const items: string[] = [];
  for (const m of input.matchAll(/"([^"]*)"|'([^']*)'|((?:\\.|[^\s"'])+)/g)) items.push(m[1] ?? m[2] ?? (m[3] ?? '').replace(/\\(.)/g, '$1'));
  return items.length > 64 ? undefined : items;
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
  const delimiter = parsed.options.some((o) => o.name === '-0' || o.name === '--null') ? '\0' : parsed.options.find((o) => o.name === '-d' || o.name === '--delimiter')?.value?.text;
  const fromFile = parsed.options.some((o) => o.name === '-a' || o.name === '--arg-file');
  const items = env.input === undefined || fromFile ? undefined : xargsItems(env.input, delimiter === '\\n' ? '\n' : delimiter, token !== undefined);
  if (items !== undefined) {
    // The input is a literal (`echo / | xargs rm -rf`): run what xargs would run.
    if (token === undefined) return env.runArgv([...inner, ...items.map((text) => ({ text, glob: false }))], 'xargs');
    for (const item of items) env.runArgv(inner.map((w) => (w.text !== undefined && w.text.includes(token) ? { text: w.text.split(token).join(item), glob: false } : w)), 'xargs');
    return {};
  }
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
