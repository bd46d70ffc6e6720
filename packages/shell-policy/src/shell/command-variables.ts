/**
 * Settings whose value is a command line that programs run later: `GIT_SSH_COMMAND=… git fetch`,
 * `git -c core.pager='…' log`, `git config alias.x '!…'`. Their values are analysed as scripts.
 */
const COMMAND_VARIABLES = new Set([
  'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS', 'SSH_ASKPASS',
  'PAGER', 'MANPAGER', 'EDITOR', 'VISUAL', 'PROMPT_COMMAND', 'SUDO_ASKPASS', 'BROWSER', 'LESSOPEN', 'LESSCLOSE',
]);

const COMMAND_GIT_KEYS = /^(?:core\.(?:sshcommand|pager|editor|fsmonitor|askpass|hookspath)|sequence\.editor|diff\.external|pager\..+|gpg\.program|gpg\.\w+\.program|credential\.helper|credential\..+\.helper|filter\..+\.(?:clean|smudge|process)|merge\..+\.driver|diff\..+\.(?:textconv|command)|uploadpack\.packobjectshook|core\.gitproxy|core\.alternaterefscommand|remote\..+\.(?:uploadpack|receivepack)|alias\..+)$/i;

export function isCommandVariable(name: string): boolean {
  return COMMAND_VARIABLES.has(name);
}

/** The script a git setting runs, or undefined when the setting runs nothing. */
export function gitSettingScript(key: string, value: string): string | undefined {
  if (!COMMAND_GIT_KEYS.test(key)) return undefined;
  if (/^alias\./i.test(key)) return value.trimStart().startsWith('!') ? value.trimStart().slice(1) : undefined;
  if (/^core\.hookspath$/i.test(key)) return undefined;
  return value.replace(/^\s*!/, '');
}
