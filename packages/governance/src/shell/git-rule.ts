import type { CommandHandler } from './command-env.js';
import { gitSettingScript } from './command-variables.js';
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

/** `git push --force`/`+refspec`, `git reset --hard`, `git clean -x`, and `!` aliases that run shell. */
export const git: CommandHandler = (args, env) => {
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable('git: an option or subcommand is built at run time');
      return;
    }
    if (!text.startsWith('-')) break;
    if (text === '-c' || text.startsWith('-c')) {
      const setting = text === '-c' ? args[i + 1]?.text : text.slice(2);
      if (setting === undefined) env.undecidable('git -c: the setting is built at run time');
      const eq = setting?.indexOf('=') ?? -1;
      const script = setting !== undefined && eq > 0 ? gitSettingScript(setting.slice(0, eq), setting.slice(eq + 1)) : undefined;
      if (script !== undefined) env.runScript(script, `git -c ${setting?.slice(0, eq) ?? ''}`);
    }
    if (GLOBAL_WITH_ARG.has(text)) i += 1;
  }
  const sub = args[i]?.text;
  const rest = args.slice(i + 1);
  if ((sub === 'push' || sub === 'reset' || sub === 'clean') && rest.some((w) => w.text === undefined)) {
    env.undecidable(`git ${sub}: an argument is built at run time`);
    return;
  }
  gitWorktreeWrites(sub, rest, env);
  if (sub === 'config') {
    const operands = parseArgs(rest, { short: 'f', long: ['--file', '--blob', '--type', '--default'] }).operands;
    const key = operands[0]?.text;
    const value = operands[1];
    if (key !== undefined && value !== undefined) {
      const script = value.text === undefined ? undefined : gitSettingScript(key, value.text);
      if (value.text === undefined && gitSettingScript(key, 'x') !== undefined) env.undecidable(`git config ${key}: the command is built at run time`);
      else if (script !== undefined) env.runScript(script, `git config ${key}`);
    }
  } else if (sub === 'push') {
    const forced = pushIsForced(rest);
    if (forced) env.deny('shell.git_force_push', `git push ${forced} rewrites remote history`);
  } else if (sub === 'reset') {
    const hard = parseArgs(rest).options.find((o) => isLongPrefix(o.name, '--hard', 4));
    if (hard) env.deny('shell.git_reset_hard', 'git reset --hard discards uncommitted work');
  } else if (sub === 'clean') {
    const options = parseArgs(rest, { short: 'e', long: ['--exclude'] }).options;
    const dryRun = options.some((o) => o.name === '-n' || isLongPrefix(o.name, '--dry-run', 4));
    const ignored = options.find((o) => o.name === '-x' || o.name === '-X');
    if (ignored && !dryRun) env.deny('shell.git_clean', `git clean ${ignored.name} also deletes ignored files (.env, local config, build caches)`);
  }
};
