import type { CommandEnv } from './command-env.js';
import { parseArgs } from './options.js';
import type { ShellWord } from './types.js';

/** Commands that only search or print text: an address among their arguments is a pattern, not a target. */
export const SEARCH_TOOLS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep', 'git-grep', 'echo', 'printf', 'cat', 'head', 'tail', 'wc', 'sort', 'uniq', 'cut', 'less', 'more', 'diff', 'jq', 'yq', 'test', '[']);

/** Commands that never write, take no paths to judge, and start nothing. */
const PURE = new Set(['pwd', 'true', 'false', 'echo', 'printf', 'whoami', 'id', 'uname', 'basename', 'dirname', 'seq', 'test', '[', 'which', 'type', 'nproc', 'arch', 'tty', 'groups', 'logname', 'cal', 'expr', 'sleep']);
/** Readers whose operands are all paths they read (printing content or counts). */
const READERS = new Set(['cat', 'tac', 'nl', 'wc', 'head', 'tail', 'cut', 'paste', 'column', 'fold', 'fmt', 'rev', 'strings', 'od', 'hexdump', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'b2sum', 'cmp', 'comm', 'diff', 'file', 'stat', 'du', 'ls', 'tree', 'realpath', 'readlink', 'sort', 'uniq', 'base64', 'xxd', 'jq']);
/** Readers that only list names: a protected directory among their operands is fine. */
const LISTERS = new Set(['ls', 'tree', 'du', 'stat', 'file', 'realpath', 'readlink', 'wc']);
/** Options that make a reader write, follow forever or run something. */
const UNSAFE_OPTIONS: Record<string, RegExp> = {
  tail: /^-[A-Za-z]*[fF]|^--follow|^--retry/,
  sort: /^-[A-Za-z]*[oT]|^--output|^--temporary-directory|^--compress-program/,
  date: /^-[A-Za-z]*s|^--set/,
  diff: /^--output/,
  xxd: /^-[A-Za-z]*r/,
};
const SINGLE_OPERAND = new Set(['uniq', 'xxd', 'base64']);
const GIT_READS = new Set(['status', 'diff', 'log', 'show', 'blame', 'shortlog', 'describe', 'rev-parse', 'ls-files', 'ls-tree', 'cat-file', 'grep', 'rev-list', 'merge-base', 'name-rev', 'whatchanged', 'count-objects', 'version', 'help', 'branch', 'tag', 'remote', 'config', 'stash', 'reflog']);
const FIND_ACTIONS = /^-(?:exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/;

function pathsInside(words: ShellWord[], env: CommandEnv, names: boolean): boolean {
  return words.every((w) => {
    const ins = env.peek(w);
    if (ins === undefined || ins.class === 'outside') return false;
    return names || (ins.class === 'inside' && !ins.containsProtected);
  });
}

function gitReadOnly(args: ShellWord[], env: CommandEnv): boolean {
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) return false;
    if (!text.startsWith('-')) break;
    if (text !== '--no-pager' && text !== '-P' && text !== '--no-optional-locks' && text !== '--version') return false;
  }
  const sub = args[i]?.text;
  if (sub === undefined) return args.length > 0;
  if (!GIT_READS.has(sub)) return false;
  const rest = args.slice(i + 1);
  if (rest.some((w) => w.text === undefined || /^--(?:output|ext-diff|open-files-in-pager|exec)|^-O/.test(w.text))) return false;
  const parsed = parseArgs(rest, { short: 'n', long: ['--format', '--pretty', '--max-count', '--author', '--since', '--until', '--grep'] });
  const operands = parsed.operands;
  if (sub === 'branch' || sub === 'tag') return operands.length === 0 && parsed.options.every((o) => /^(?:-[avrl]|-vv|--list|--all|--show-current|--merged|--no-merged|--contains|--sort|--format|--column|--no-column|--color)$/.test(o.name));
  if (sub === 'remote') return operands.length === 0;
  if (sub === 'stash' || sub === 'reflog') return operands[0]?.text === 'list' || (sub === 'reflog' && (operands.length === 0 || operands[0]?.text === 'show'));
  if (sub === 'config') return parsed.options.some((o) => /^(?:--get|--get-all|--get-regexp|--list|-l)$/.test(o.name)) && !parsed.options.some((o) => /^(?:--file|-f|--blob|--add|--unset|--replace-all|--edit|-e)/.test(o.name));
  const dashes = rest.findIndex((w) => w.text === '--');
  return dashes < 0 || pathsInside(rest.slice(dashes + 1), env, true);
}

function grepReadOnly(name: string, args: ShellWord[], env: CommandEnv): boolean {
  const parsed = parseArgs(args, { short: 'efABCmd', long: ['--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--exclude-dir', '--type', '--glob', '--type-add', '--max-depth', '--sort'] });
  if (parsed.options.some((o) => /^--(?:pre|pre-glob|search-zip)$|^-z$/.test(o.name) && name === 'rg')) return false;
  const patternGiven = parsed.options.some((o) => /^(?:-e|-f|--regexp|--file)$/.test(o.name));
  const files = patternGiven ? parsed.operands : parsed.operands.slice(1);
  const patternFiles = parsed.options.filter((o) => o.name === '-f' || o.name === '--file').map((o) => o.value ?? { text: undefined, glob: false });
  const recursive = name === 'rg' || name === 'ag' || name === 'ack' || parsed.options.some((o) => /^(?:-r|-R|--recursive|--dereference-recursive)$/.test(o.name));
  const hidden = parsed.options.some((o) => /^(?:--hidden|-u|-uu|-uuu|--no-ignore|-\.)$/.test(o.name));
  if (!pathsInside(patternFiles, env, false)) return false;
  if (files.length === 0) return !recursive || (name !== 'grep' && name !== 'egrep' && name !== 'fgrep' && !hidden);
  return files.every((w) => {
    const ins = env.peek(w);
    if (ins === undefined || ins.class !== 'inside' || ins.containsProtected) return false;
    return !(recursive && ins.isRoot && (hidden || name === 'grep' || name === 'egrep' || name === 'fgrep'));
  });
}

function findReadOnly(args: ShellWord[], env: CommandEnv): boolean {
  if (args.some((w) => w.text === undefined || FIND_ACTIONS.test(w.text))) return false;
  const starts: ShellWord[] = [];
  for (const w of args) {
    const text = w.text as string;
    if (text.startsWith('-') || text === '(' || text === '!') break;
    starts.push(w);
  }
  return pathsInside(starts, env, true);
}

/**
 * Whether one simple command is proven to only read inside the workspace. Conservative: anything
 * not listed here (wrappers included) is not proven, and the gate keeps its usual decision for it.
 */
export function provesReadOnly(name: string, args: ShellWord[], env: CommandEnv): boolean {
  if (args.some((w) => w.text === undefined)) return false;
  const unsafe = Object.hasOwn(UNSAFE_OPTIONS, name) ? UNSAFE_OPTIONS[name] : undefined;
  if (unsafe && args.some((w) => unsafe.test(w.text as string))) return false;
  if (PURE.has(name)) return true;
  if (name === 'date' || name === 'hostname') return name === 'date' || args.length === 0;
  if (name === 'cd') return args.length === 1 && pathsInside(args, env, true);
  if (name === 'git') return gitReadOnly(args, env);
  if (name === 'find') return findReadOnly(args, env);
  if (name === 'grep' || name === 'egrep' || name === 'fgrep' || name === 'rg' || name === 'ag' || name === 'ack') return grepReadOnly(name, args, env);
  if (name === 'sed') {
    const parsed = parseArgs(args, { short: 'eflS', long: ['--expression', '--file', '--line-length'] });
    if (parsed.options.some((o) => o.name === '-i' || o.name.startsWith('--in-place') || o.name === '-f' || o.name === '--file')) return false;
    const scripted = parsed.options.some((o) => o.name === '-e' || o.name === '--expression');
    const scripts = scripted ? parsed.options.map((o) => o.value?.text ?? '') : [parsed.operands[0]?.text ?? ''];
    if (scripts.some((s) => /[wWe]/.test(s.replace(/s(.)(?:(?!\1).)*\1(?:(?!\1).)*\1[gpIi0-9]*/g, '')) || /s(.).*\1.*\1[^;]*[we]/.test(s))) return false;
    return pathsInside(scripted ? parsed.operands : parsed.operands.slice(1), env, false);
  }
  if (!READERS.has(name)) return false;
  const parsed = parseArgs(args, { short: name === 'head' || name === 'tail' ? 'nc' : name === 'cut' ? 'dfc' : '', long: [] });
  const operands = name === 'jq' ? parsed.operands.slice(1) : parsed.operands;
  if (SINGLE_OPERAND.has(name) && operands.length > 1) return false;
  if (operands.length === 0) return true;
  return pathsInside(operands, env, LISTERS.has(name));
}
