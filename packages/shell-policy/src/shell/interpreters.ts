import { posix } from 'node:path';
import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { scanInlineCode } from './code-scan.js';
import { interpreterFamily, readInvocation, readPwshInvocation } from './interpreter-flags.js';
import { parseArgs } from './options.js';
import { wordValue } from './word-eval.js';
import { assignVar } from './scope-state.js';
import type { ShellWord } from './types.js';

export const SHELLS = ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'pdksh', 'fish', 'ash', 'rbash', 'yash', 'tcsh', 'csh', 'elvish', 'nu', 'xonsh'];

export function isInterpreterName(name: string): boolean {
  return name === 'pwsh' || interpreterFamily(name) !== undefined;
}

/** `sh -c 'script'`, `bash -s`, `bash script.sh`, `bash` reading stdin. */
export const shell: CommandHandler = (args, env, name) => {
  let script: string | undefined | null = null;
  let readsStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable(`${name}: an option is built at run time`, true);
      return {};
    }
    if (text === '--' || text === '-') {
      i += 1;
      break;
    }
    if (/^[-+]o$|^-O$|^--(?:rcfile|init-file)$/.test(text)) {
      i += 1;
      continue;
    }
    if (/^--/.test(text)) continue;
    if (/^[-+][A-Za-z]+$/.test(text)) {
      if (text.startsWith('-') && text.includes('c')) script = undefined;
      if (text.startsWith('-') && text.includes('s')) readsStdin = true;
      continue;
    }
    break;
  }
  if (script === undefined) {
    env.runScript(args[i]?.text, `${name} -c`);
    return {};
  }
  const operand = args[i]?.text;
  if (args[i]) env.checkRead(args[i] as ShellWord, name);
  env.checkRunsFile(args[i], name);
  if (readsStdin || operand === undefined && i >= args.length || operand === '/dev/stdin' || operand === '-') return { stdin: 'shell' };
  return {};
};

/** An awk program that redirects output, pipes to a command or calls `system()` (over-asks on `$1 > 5`). */
const AWK_WRITES = /[>|]|\bsystem\s*\(/;

/** Options after which an interpreter without a file does not run code from standard input. */
const NO_STDIN = /^(?:--test|--run|--version|-v|-V|--help|-h)$/;

/**
 * `python -c`, `python3 -Ic`, `python -W x -c`, `perl -E`, `node -p`/`--eval`, `ruby -e`, `php -r`,
 * `lua -e`, awk programs, PowerShell `-Command`/`-EncodedCommand`: the code is read (network,
 * sockets, commands in `system()` strings, literal deletions); standard input execution is noted.
 */
export const interpreter: CommandHandler = (args, env, name) => {
  const run = name === 'pwsh' ? readPwshInvocation(args) : readInvocation(name, args);
  const what = (flag: string): string => `${name} ${flag}`;
  for (const module of run.modules) if (module.length > 0) scanInlineCode(module, run.language, env, what('module'));
  for (const code of run.code) {
    if (code.text === undefined) {
      env.undecidable(`${what(code.flag)}: the code is built at run time`, true);
      continue;
    }
    scanInlineCode(code.text, run.language, env, what(code.flag === 'program' ? 'program' : code.flag));
    const preload = code.flag === '-r' && /^(?:node|nodejs|bun)$/.test(name);
    if (run.language === 'awk') {
      if (AWK_WRITES.test(code.text)) env.modifies(`${name} (a program that writes files or runs commands)`);
    } else if (!preload) env.modifies(what(code.flag));
  }
  if (run.file && !run.file.module) {
    env.checkRead(run.file.word, name);
    env.checkRunsFile(run.file.word, name);
  }
  if (run.file?.module && /^(?:http\.server|SimpleHTTPServer)$/.test(run.file.word.text ?? '')) serveDirectory(args.slice(run.file.index + 1), env, `${name} -m ${run.file.word.text ?? ''}`);
  // `php -S host:port -t DIR`: PHP's built-in server serves DIR.
  if (name.startsWith('php') && args.some((w) => w.text === '-S')) {
    const root = args.findIndex((w) => w.text === '-t');
    env.checkRead(root >= 0 ? (args[root + 1] ?? { text: undefined, glob: false }) : { text: '.', glob: false }, `${name} -S`, { absolute: true });
  }
  const noStdin = args.some((w) => w.text !== undefined && NO_STDIN.test(w.text));
  const stdin = run.code.length === 0 && run.file === undefined && !noStdin;
  if (stdin) env.modifies(`${name} (code from standard input)`);
  return stdin ? { stdin: 'code' } : {};
};

export const evalCommand: CommandHandler = (args, env) => {
  // eval parses its words again: quotes go, `~` and variables expand a second time.
  const joined = args.some((w) => w.text === undefined) ? undefined : args.map(wordValue).join(' ');
  if (joined === undefined) env.undecidable('eval runs a string that is built at run time', true);
  else env.runScript(joined, 'eval', { sameShell: true });
};

export const source: CommandHandler = (args, env, name) => {
  const file = args[0]?.text;
  if (file === '/dev/stdin' || file === '-') return { stdin: 'shell' };
  // `source <(…)`, `. "$F"`: a script whose name or content is only known at run time.
  if (args[0] && file === undefined) {
    env.undecidable(`${name} runs a script that is built at run time`, true);
    return {};
  }
  if (args[0]) env.checkRead(args[0], name);
  env.checkRunsFile(args[0], name);
  return {};
};

/** `trap 'commands' SIGNAL`: the commands run later, in this shell. */
export const trap: CommandHandler = (args, env) => {
  const first = args[0];
  if (!first || first.text === '-' || first.text === '-p' || first.text === '-l' || args.length < 2) return;
  env.runScript(first.text, 'trap', { sameShell: true });
};

/** Aliases live in the variable map under this prefix (a name no shell variable can have). */
export const ALIAS_PREFIX = '\0alias:';

export const alias: CommandHandler = (args, env) => {
  for (const word of args) {
    if (word.text === undefined) {
      env.undecidable('alias: the definition is built at run time', true);
      continue;
    }
    const eq = word.text.indexOf('=');
    if (eq > 0) {
      env.runScript(word.text.slice(eq + 1), 'alias');
      env.state.vars.set(`${ALIAS_PREFIX}${word.text.slice(0, eq)}`, word.text.slice(eq + 1));
    }
  }
};

/** Home-relative working directory: every relative path is outside the workspace from here. */
export const HOME_CWD = '~';

function setCwd(env: CommandEnv, target: ShellWord): void {
  const state = env.state;
  const text = target.text;
  // `cd ..` out of the workspace: relative reads from there are parent-directory traversal.
  if (text !== undefined && !text.startsWith('/') && !text.startsWith('~')) {
    if (text.split('/').includes('..') && env.peek(target)?.class === 'outside') state.traversed = true;
  } else state.traversed = false;
  if (text === undefined || text === '-' || target.glob) state.cwd = undefined;
  else if (text.startsWith('/')) state.cwd = posix.resolve(text);
  else if (text.startsWith('~') || state.cwd === HOME_CWD) state.cwd = HOME_CWD;
  else state.cwd = state.cwd === undefined ? undefined : posix.resolve(state.cwd, text);
}

/** `cd` changes how later relative paths resolve; an unknown target makes them undecidable. */
export const cd: CommandHandler = (args, env) => {
  const parsed = parseArgs(args);
  const target = parsed.operands[0];
  if (target === undefined) {
    // `cd` alone goes home: everything relative is outside the workspace from here.
    setCwd(env, { text: '~', glob: false });
    return;
  }
  setCwd(env, target);
};

export const popd: CommandHandler = (_args, env) => {
  env.state.cwd = undefined;
};

export const shopt: CommandHandler = (args, env) => {
  if (args.some((w) => w.text === '-s') && args.some((w) => w.text === 'dotglob' || w.text === undefined)) env.state.dotglob = true;
};

/** `read a b`, `mapfile arr`, `printf -v a`: the variables now hold run-time values. */
export const readsVariables: CommandHandler = (args, env): CommandOutcome => {
  for (const word of args) {
    if (word.text !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(word.text)) assignVar(env.state, word.text, undefined);
  }
  return {};
};

/** `python3 -m http.server [-d DIR]`: it serves DIR (default: the working directory) to the network; outside the workspace it is a read there. */
function serveDirectory(args: ShellWord[], env: CommandEnv, what: string): void {
  const parsed = parseArgs(args, { short: 'bdp', long: ['--bind', '--directory', '--protocol', '--cgi'] });
  const dir = parsed.options.find((o) => o.name === '-d' || o.name === '--directory')?.value ?? { text: '.', glob: false };
  env.checkRead(dir, what, { absolute: true });
}
