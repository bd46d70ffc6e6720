import type { CommandEnv } from './command-env.js';
import { checkGitSetting } from './git-settings.js';
import { parseArgs } from './options.js';
import { show } from './run-env.js';
import type { ShellWord } from './types.js';

/** `ext::<command>` and `fd::<n>` URLs: git runs the command (or talks to a descriptor) instead of a server. */
export function isExecUrl(text: string | undefined): boolean {
  return text !== undefined && /^(?:ext|fd)::/i.test(text.trim());
}

/** Subcommands whose `--upload-pack`/`--receive-pack`/`--exec` value is a command git runs. */
const PROGRAM_OPTIONS: Record<string, RegExp> = {
  clone: /^(?:--upload-pack|-u)$/,
  fetch: /^--upload-pack$/,
  pull: /^--upload-pack$/,
  'ls-remote': /^--upload-pack$/,
  'fetch-pack': /^--upload-pack$/,
  push: /^(?:--receive-pack|--exec)$/,
  'send-pack': /^(?:--receive-pack|--exec)$/,
  archive: /^--exec$/,
};

/**
 * Version-control transports that execute: an `ext::`/`fd::` URL anywhere in a git command line is
 * refused; `--upload-pack=CMD`, `--receive-pack=CMD`, `--exec=CMD` are analysed as the commands
 * they are; `git clone -c/--config k=v` settings are checked like `git -c`.
 */
export function gitTransport(sub: string | undefined, rest: ShellWord[], env: CommandEnv): void {
  if (sub === undefined) return;
  for (const word of rest) {
    const value = word.text?.replace(/^--?[\w-]+=/, '');
    if (isExecUrl(value)) env.deny('shell.git_exec_transport', `git ${sub} ${show(value ?? '')} runs a program as its transport`, { command: `git ${sub} ext::` });
  }
  const program = PROGRAM_OPTIONS[sub];
  const parsed = parseArgs(rest, { short: sub === 'clone' ? 'ucob' : '', long: ['--upload-pack', '--receive-pack', '--exec', '--config', '--origin', '--branch', '--template', '--reference', '--depth', '--separate-git-dir'] });
  for (const o of parsed.options) {
    if (program?.test(o.name)) {
      if (o.value?.text === undefined) env.undecidable(`git ${sub} ${o.name}: the program is built at run time`, true);
      else env.runScript(o.value.text, `git ${sub} ${o.name}`);
    }
    if (sub === 'clone' && (o.name === '-c' || o.name === '--config')) {
      const setting = o.value?.text;
      if (setting === undefined) {
        env.undecidable(`git clone ${o.name}: the setting is built at run time`, true);
        continue;
      }
      const eq = setting.indexOf('=');
      checkGitSetting(env, eq > 0 ? setting.slice(0, eq) : setting, eq > 0 ? setting.slice(eq + 1) : 'true', `git clone ${o.name}`);
    }
  }
}
