import type { CommandEnv } from './command-env.js';
import { gitSettingScript } from './command-variables.js';
import { show } from './run-env.js';

/** Settings that let a URL run a program: `protocol.ext.allow=always`, `protocol.allow=always`, `protocol.fd.allow=user`. */
const EXEC_PROTOCOL = /^protocol\.(?:allow|(?:ext|fd)\.allow)$/i;

/**
 * One git setting, however it is given (`-c k=v`, `git config k v`, `clone --config`, the
 * `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` environment): a hooks directory of the command's choosing
 * is refused, a transport that runs programs is refused, and a setting whose value is a command line
 * (`core.sshCommand`, `core.fsmonitor`, `uploadpack.packObjectsHook`…) is analysed as a script.
 */
export function checkGitSetting(env: CommandEnv, key: string, value: string | undefined, how: string): void {
  if (/^core\.hookspath$/i.test(key)) {
    env.deny('shell.git_hooks', `${how} core.hooksPath${value === undefined ? '' : ` ${value.slice(0, 60)}`} makes git run hooks from a directory of the command's choosing`, { command: how });
    return;
  }
  if (EXEC_PROTOCOL.test(key) && (value === undefined || !/^never$/i.test(value.trim()))) {
    env.deny('shell.git_exec_transport', `${how} ${key}=${show(value ?? '…')} lets a repository URL run programs (ext::, fd::)`, { command: `${how} ${key}` });
    return;
  }
  if (value !== undefined && /^\s*(?:ext|fd)::/i.test(value)) {
    env.deny('shell.git_exec_transport', `${how} ${key}=${show(value)} makes a repository URL run a program`, { command: `${how} ${key}` });
    return;
  }
  if (value === undefined) {
    if (gitSettingScript(key, 'x') !== undefined) env.undecidable(`${how} ${key}: the command is built at run time`, true);
    return;
  }
  const script = gitSettingScript(key, value);
  if (script !== undefined) env.runScript(script, `${how} ${key}`);
}

/** `GIT_CONFIG_PARAMETERS="'k'='v' …"`: git's own quoting of `-c` settings passed down. */
function configParameters(text: string): Array<[string, string | undefined]> | undefined {
  const out: Array<[string, string | undefined]> = [];
  const re = /\s*'((?:[^']|'\\'')*)'(?:=('(?:[^']|'\\'')*'))?/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(text)) !== null) {
    const unq = (s: string): string => s.replaceAll("'\\''", "'");
    const whole = unq(m[1] as string);
    const eq = whole.indexOf('=');
    if (m[2] !== undefined) out.push([whole, unq(m[2].slice(1, -1))]);
    else out.push(eq > 0 ? [whole.slice(0, eq), whole.slice(eq + 1)] : [whole, 'true']);
    end = re.lastIndex;
  }
  return text.slice(end).trim() === '' ? out : undefined;
}

/**
 * Git settings given through the environment of one command: `GIT_CONFIG_COUNT=1
 * GIT_CONFIG_KEY_0=core.sshCommand GIT_CONFIG_VALUE_0='…' git fetch`, `GIT_CONFIG_PARAMETERS`.
 * `vars` maps each name to its value (undefined: built at run time).
 */
export function checkGitConfigEnv(env: CommandEnv, vars: ReadonlyMap<string, string | undefined>): void {
  for (const [name, key] of vars) {
    const n = /^GIT_CONFIG_KEY_(\d+)$/.exec(name)?.[1];
    if (n === undefined) continue;
    if (key === undefined) {
      env.undecidable(`${name}: the git setting is built at run time`, true);
      continue;
    }
    checkGitSetting(env, key, vars.has(`GIT_CONFIG_VALUE_${n}`) ? vars.get(`GIT_CONFIG_VALUE_${n}`) : '', `${name}=`);
  }
  const allowed = vars.get('GIT_ALLOW_PROTOCOL');
  if (vars.has('GIT_ALLOW_PROTOCOL') && (allowed === undefined || /(?:^|:)(?:ext|fd)(?::|$)/i.test(allowed))) {
    env.deny('shell.git_exec_transport', `GIT_ALLOW_PROTOCOL=${show(allowed ?? '…')} lets a repository URL run programs`, { command: 'GIT_ALLOW_PROTOCOL=' });
  }
  if (!vars.has('GIT_CONFIG_PARAMETERS')) return;
  const raw = vars.get('GIT_CONFIG_PARAMETERS');
  const pairs = raw === undefined ? undefined : configParameters(raw);
  if (pairs === undefined) {
    env.undecidable('GIT_CONFIG_PARAMETERS: the git settings cannot be read statically', true);
    return;
  }
  for (const [key, value] of pairs) checkGitSetting(env, key, value, 'GIT_CONFIG_PARAMETERS=');
}
