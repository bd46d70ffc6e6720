import { posix } from 'node:path';
import { segmentRegex } from '../paths/glob-segment.js';
import type { CommandHandler } from './command-env.js';
import { cloneState } from './scope-state.js';
import type { ShellWord } from './types.js';

const WITH_ARG = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-type', '-xtype', '-user', '-group',
  '-perm', '-size', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-newer', '-anewer', '-cnewer', '-maxdepth', '-mindepth',
  '-samefile', '-inum', '-links', '-uid', '-gid', '-fstype', '-printf', '-used', '-context', '-regextype', '-lname', '-ilname',
]);
const EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const WRITES = new Set(['-fprint', '-fprint0', '-fls']);
const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred', 'mv', 'truncate', 'srm']);
/** Entries every `.git` directory holds: a `find . -name config -delete` reaches inside it. */
const GIT_INTERNALS = ['HEAD', 'config', 'description', 'index', 'hooks', 'info', 'logs', 'objects', 'refs', 'packed-refs', 'ORIG_HEAD', 'FETCH_HEAD', 'COMMIT_EDITMSG', 'exclude', 'pack', 'x.pack', 'x.idx', 'pre-commit.sample', 'master', 'main'];

function reachesGitInternals(pattern: string): boolean {
  const re = segmentRegex(pattern, true);
  return GIT_INTERNALS.some((n) => re.test(n));
}

/** `find` with `-delete`, `-exec …`, `-fprint FILE`: judged on its start points and name patterns. */
export const find: CommandHandler = (args, env) => {
  let i = 0;
  while (i < args.length && /^-[HLP]$|^-D$|^-O\d*$/.test(args[i]?.text ?? '')) i += args[i]?.text === '-D' ? 2 : 1;
  const starts: ShellWord[] = [];
  while (i < args.length) {
    const text = args[i]?.text;
    if (text !== undefined && (text.startsWith('-') || text === '(' || text === '!' || text === ')' || text === ',')) break;
    starts.push(args[i] as ShellWord);
    i += 1;
  }
  if (starts.length === 0) starts.push({ text: '.', glob: false });
  const names: string[] = [];
  let unrestricted = false;
  let deletes = false;
  const execs: ShellWord[][] = [];
  let negate = false;
  let actionSeen = false;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) continue;
    // `-o` makes an action apply to what the names do not match; an action before any name applies to everything.
    if (text === '-o' || text === '-or' || text === ',') unrestricted = true;
    if (text === '!' || text === '-not') {
      negate = true;
      continue;
    }
    if (text === '-name' || text === '-iname') {
      const value = args[i + 1]?.text;
      if (value === undefined || negate || actionSeen) unrestricted = true;
      else names.push(value);
    } else if (text === '-path' || text === '-ipath' || text === '-wholename' || text === '-iwholename' || text === '-regex' || text === '-iregex') {
      unrestricted = true;
    }
    negate = false;
    if (text === '-delete') {
      deletes = true;
      actionSeen = true;
    } else if (EXEC.has(text)) {
      actionSeen = true;
      const cmd: ShellWord[] = [];
      for (i += 1; i < args.length && args[i]?.text !== ';' && args[i]?.text !== '+'; i++) cmd.push(args[i] as ShellWord);
      execs.push(cmd);
    } else if (WRITES.has(text)) {
      const file = args[i + 1];
      if (file) env.checkWrite(file, `find ${text}`);
      i += 1;
    } else if (text === '-fprintf') {
      const file = args[i + 1];
      if (file) env.checkWrite(file, 'find -fprintf');
      i += 2;
    } else if (WITH_ARG.has(text)) i += 1;
  }
  const restricted = !unrestricted && names.length > 0;
  const found = (start: ShellWord, pattern: string): ShellWord => ({
    text: start.text === undefined ? undefined : posix.join(start.text, pattern),
    glob: true,
  });
  // Without a name pattern, find reaches the start point itself and everything under it.
  const matches = (start: ShellWord): ShellWord[] => (restricted ? names.map((n) => found(start, n)) : [start]);
  const deleting = deletes || execs.some((cmd) => DELETERS.has(posix.basename(cmd[0]?.text ?? '')));
  const fromRoot = deleting && restricted && starts.some((s) => env.inspect(s, 'find')?.isRoot === true);
  if (fromRoot) {
    const internal = names.find(reachesGitInternals);
    if (internal !== undefined) env.deny('shell.delete_protected', `find deletes entries named ${internal}, which also matches files inside .git`, { command: 'find -delete', path: internal });
  }
  for (const start of starts) {
    if (deletes) for (const match of matches(start)) env.checkDelete(match, 'find -delete', { globDot: true });
    for (const cmd of execs) {
      const state = cloneState(env.state);
      state.dotglob = true;
      for (const match of matches(start)) {
        const argv = cmd.map((w) => (w.text !== undefined && w.text.includes('{}') ? { text: match.text === undefined ? undefined : w.text.replaceAll('{}', match.text), glob: match.glob } : w));
        env.runArgv(argv, 'find -exec', state);
      }
    }
  }
};
