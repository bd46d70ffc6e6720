import type { CommandEnv } from './command-env.js';
import { isLongPrefix, parseArgs } from './options.js';
import type { ShellWord } from './types.js';

/** Subcommands that rewrite files of the working tree they do not name one by one. */
const REWRITES_TREE = new Set(['switch', 'merge', 'rebase', 'pull', 'cherry-pick', 'revert', 'am', 'read-tree', 'checkout-index', 'filter-branch', 'filter-repo', 'bisect', 'worktree', 'submodule']);
const READ_ONLY_APPLY = new Set(['--check', '--stat', '--numstat', '--summary', '--cached']);

/** The operands after `--`, or undefined when there is no `--`. */
function afterDashes(rest: ShellWord[]): ShellWord[] | undefined {
  const dashes = rest.findIndex((w) => w.text === '--');
  return dashes < 0 ? undefined : rest.slice(dashes + 1);
}

/**
 * Records what a git subcommand changes in the working tree, for the taint guard: `git rm`/`git mv`
 * and `git checkout -- FILE`/`git restore FILE` name their files; `git clean`, `git reset --hard`,
 * `git checkout BRANCH`, `git stash`, merges and rebases change files they do not name. Commands
 * that only read or only touch history (`status`, `log`, `diff`, `add`, `commit`) record nothing.
 */
export function gitWorktreeWrites(sub: string | undefined, rest: ShellWord[], env: CommandEnv): void {
  if (sub === undefined) return;
  const what = `git ${sub}`;
  const parsed = parseArgs(rest, { short: 'smbBUCX', long: ['--source', '--message', '--exclude', '--pathspec-from-file', '--strategy', '--onto'] });
  const has = (...names: string[]): boolean => parsed.options.some((o) => names.some((n) => o.name === n || (n.startsWith('--') && isLongPrefix(o.name, n, 4))));
  if (sub === 'rm' || sub === 'mv') {
    if (sub === 'rm' && has('--cached')) return;
    for (const file of parsed.operands) env.modifies(what, file);
  } else if (sub === 'restore') {
    if (has('--staged', '-S') && !has('--worktree', '-W')) return;
    for (const file of afterDashes(rest) ?? parsed.operands) env.modifies(what, file);
  } else if (sub === 'checkout') {
    const files = afterDashes(rest);
    if (files !== undefined) for (const file of files) env.modifies(what, file);
    else if (!(has('-b', '-B', '--orphan') && parsed.operands.length === 0)) env.modifies(`${what} (switches or restores files it does not name)`);
  } else if (sub === 'clean') {
    if (!has('-n', '--dry-run')) env.modifies(what);
  } else if (sub === 'reset') {
    if (has('--hard', '--merge', '--keep')) env.modifies(`${what} --hard/--merge/--keep`);
  } else if (sub === 'stash') {
    const action = parsed.operands[0]?.text;
    if (action !== 'list' && action !== 'show' && action !== 'create') env.modifies(`${what}${action === undefined ? '' : ` ${action}`}`);
  } else if (sub === 'apply') {
    if (!parsed.options.some((o) => READ_ONLY_APPLY.has(o.name))) env.modifies(what);
  } else if (REWRITES_TREE.has(sub)) env.modifies(what);
}
