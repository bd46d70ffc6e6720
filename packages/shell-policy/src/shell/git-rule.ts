import type { CommandEnv, CommandHandler } from './command-env.js';
import { checkGitSetting, checkGitConfigEnv } from './git-settings.js';
import { gitTransport } from './git-transport.js';
import { gitWorktreeWrites } from './git-worktree.js';
import { isLongPrefix, parseArgs } from './options.js';
import type { ShellWord } from './types.js';

const GLOBAL_WITH_ARG = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds']);

function pushIsForced(args: ShellWord[]): string | undefined {
  const parsed = parseArgs(args, { short: 'o', long: ['--push-option', '--repo', '--receive-pack', '--exec', '--signed'] });
  for (const o of parsed.options) {
    if (o.name === '-f') return '-f';
    if (o.name === '--mirror') return '--mirror';
    if (isLongPrefix(o.name, '--force') || o.name.startsWith('--force-with-lease') || o.name.startsWith('--force-if-includes')) return o.name;
  }
  const refspec = parsed.operands.slice(1).find((w) => w.text?.startsWith('+'));
  if (refspec) return `+refspec ${refspec.text ?? ''}`;
  return undefined;
}

/** Aliases defined by `git config alias.x …` earlier in the same command line live in the scope under this prefix. */
const GIT_ALIAS = '\0gitalias:';
const ALIAS_DEPTH = '\0gitaliasdepth';
/** Git never lets an alias shadow one of its own commands. */
const BUILTINS = new Set(['add', 'am', 'apply', 'archive', 'bisect', 'blame', 'branch', 'bundle', 'cat-file', 'checkout', 'cherry-pick', 'clean', 'clone', 'commit', 'config', 'describe', 'diff', 'fetch', 'filter-branch', 'format-patch', 'fsck', 'gc', 'grep', 'init', 'log', 'ls-files', 'ls-remote', 'ls-tree', 'merge', 'mv', 'notes', 'pull', 'push', 'rebase', 'reflog', 'remote', 'replace', 'reset', 'restore', 'rev-list', 'rev-parse', 'revert', 'rm', 'show', 'stash', 'status', 'submodule', 'switch', 'tag', 'update-ref', 'worktree']);

/** History rewrites: refused in every mode; `commit --amend` (which may rewrite a pushed commit) needs a person. */
function checkHistory(sub: string, rest: ShellWord[], env: CommandEnv): void {
  const parsed = parseArgs(rest, { short: 'xsXmCcSF', long: ['--exec', '--onto', '--strategy', '--strategy-option', '--message', '--reuse-message', '--fixup', '--squash', '--author', '--date', '--file'] });
  const has = (...names: string[]): boolean => parsed.options.some((o) => names.some((n) => o.name === n || (n.startsWith('--') && isLongPrefix(o.name, n, 5))));
  const rewrite = (what: string): void => env.deny('shell.git_history_rewrite', `${what} rewrites history`, { command: what });
  if (sub === 'filter-branch' || sub === 'filter-repo') rewrite(`git ${sub}`);
  else if (sub === 'update-ref') rewrite('git update-ref');
  else if (sub === 'reflog' && /^(?:expire|delete)$/.test(parsed.operands[0]?.text ?? '')) rewrite(`git reflog ${parsed.operands[0]?.text ?? ''}`);
  else if (sub === 'replace' && !has('-l', '--list')) rewrite('git replace');
  else if (sub === 'rebase') {
    for (const o of parsed.options) if ((o.name === '-x' || o.name === '--exec') && o.value) env.runScript(o.value.text, 'git rebase --exec');
    if (has('-i', '--interactive', '--root')) rewrite(`git rebase ${parsed.options.find((o) => /^(?:-i|--i|--root)/.test(o.name))?.name ?? '-i'}`);
  } else if (sub === 'commit' && has('--amend')) env.person('shell.git_history_rewrite', 'git commit --amend rewrites the last commit, which may already be pushed', { command: 'git commit --amend' });
}

/** `git push --force`/`+refspec`, `git reset --hard`, `git clean -x`, and `!` aliases that run shell. */
export const git: CommandHandler = (args, env) => {
  let i = 0;
  const localAliases = new Map<string, string>();
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable('git: an option or subcommand is built at run time', true);
      return;
    }
    if (!text.startsWith('-')) break;
    if (text === '-c' || text.startsWith('-c')) {
      const setting = text === '-c' ? args[i + 1]?.text : text.slice(2);
      if (setting === undefined) env.undecidable('git -c: the setting is built at run time', true);
      const eq = setting?.indexOf('=') ?? -1;
      if (setting !== undefined && /^alias\./i.test(setting) && eq > 0) localAliases.set(setting.slice(6, eq).toLowerCase(), setting.slice(eq + 1));
      if (setting !== undefined) checkGitSetting(env, eq > 0 ? setting.slice(0, eq) : setting, eq > 0 ? setting.slice(eq + 1) : 'true', 'git -c');
    }
    if (text === '--config-env' || text.startsWith('--config-env=')) {
      const pair = text === '--config-env' ? args[i + 1]?.text : text.slice(13);
      const key = pair?.slice(0, Math.max(0, pair.indexOf('=')));
      if (key !== undefined && key.length > 0) checkGitSetting(env, key, env.state.vars.get(pair?.slice(key.length + 1) ?? ''), 'git --config-env');
    }
    // `git -C ../other log`, `--git-dir=../x/.git`: a repository outside the workspace is read there.
    const dir = text === '-C' || text === '--git-dir' || text === '--work-tree' ? args[i + 1] : /^--(?:git-dir|work-tree)=/.test(text) ? { text: text.slice(text.indexOf('=') + 1), glob: false } : undefined;
    if (dir) env.checkRead(dir, `git ${text.replace(/=.*$/, '')}`);
    if (GLOBAL_WITH_ARG.has(text)) i += 1;
  }
  const sub = args[i]?.text;
  const rest = args.slice(i + 1);
  const alias = sub === undefined || BUILTINS.has(sub) ? undefined : (localAliases.get(sub.toLowerCase()) ?? env.state.vars.get(`${GIT_ALIAS}${sub.toLowerCase()}`));
  if (alias !== undefined && sub !== undefined) {
    // `!` aliases were analysed as scripts where they were defined; others expand to a git command.
    if (alias.trimStart().startsWith('!')) return;
    const depth = Number(env.state.vars.get(ALIAS_DEPTH) ?? '0');
    if (depth >= 8) {
      env.undecidable(`git ${sub}: aliases expand too deeply`, true);
      return;
    }
    const words = alias.trim().split(/\s+/).map((text) => ({ text, glob: false }));
    env.state.vars.set(ALIAS_DEPTH, String(depth + 1));
    env.runArgv([{ text: 'git', glob: false }, ...args.slice(0, i), ...words, ...rest], `git alias ${sub}`);
    env.state.vars.set(ALIAS_DEPTH, String(depth));
    return;
  }
  if ((sub === 'push' || sub === 'reset' || sub === 'clean') && rest.some((w) => w.text === undefined)) {
    env.undecidable(`git ${sub}: an argument is built at run time`, true);
    return;
  }
  checkGitConfigEnv(env, env.state.vars);
  if (env.state.traversed && sub !== undefined && !/^(?:clone|init|config|version|help|--version|--help)$/.test(sub)) env.checkRead({ text: '.', glob: false }, `git ${sub}`);
  gitTransport(sub, rest, env);
  gitWorktreeWrites(sub, rest, env);
  if (sub !== undefined) checkHistory(sub, rest, env);
  if (sub === 'config') {
    const parsedConfig = parseArgs(rest, { short: 'f', long: ['--file', '--blob', '--type', '--default'] });
    const reading = parsedConfig.options.some((o) => /^(?:--get|--get-all|--get-regexp|--unset|--unset-all|--list|-l|--remove-section)$/.test(o.name));
    const operands = parsedConfig.operands[0]?.text === 'set' ? parsedConfig.operands.slice(1) : parsedConfig.operands;
    const key = operands[0]?.text;
    const value = operands[1];
    if (key !== undefined && value !== undefined && !reading) {
      if (/^alias\./i.test(key)) env.state.vars.set(`${GIT_ALIAS}${key.slice(6).toLowerCase()}`, value.text);
      checkGitSetting(env, key, value.text, 'git config');
    }
  } else if (sub === 'push') {
    const forced = pushIsForced(rest);
    if (forced) env.deny('shell.git_force_push', `git push ${forced} rewrites remote history`, { command: `git push ${forced}` });
  } else if (sub === 'reset') {
    const hard = parseArgs(rest).options.find((o) => isLongPrefix(o.name, '--hard', 4));
    if (hard) env.deny('shell.git_reset_hard', 'git reset --hard discards uncommitted work', { command: 'git reset --hard' });
  } else if (sub === 'clean') {
    const options = parseArgs(rest, { short: 'e', long: ['--exclude'] }).options;
    const dryRun = options.some((o) => o.name === '-n' || isLongPrefix(o.name, '--dry-run', 4));
    const ignored = options.find((o) => o.name === '-x' || o.name === '-X');
    if (ignored && !dryRun) env.deny('shell.git_clean', `git clean ${ignored.name} also deletes ignored files (.env, local config, build caches)`, { command: `git clean ${ignored.name}` });
  }
};
