import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { parseArgs } from './options.js';
import { killByName } from './process-rules.js';
import type { ShellWord } from './types.js';

/**
 * Scheduled and delegated execution. What a job runs is shell code (a crontab's command fields, `at`'s
 * standard input or `-f` file, `systemd-run`'s command): it is analysed like any command, so
 * `echo '* * * * * rm -rf ~' | crontab -` is refused for the delete. Installing or removing a job
 * is persistence: it runs later, outside this command and its sandbox, so only a person may approve
 * it (rule `shell.persistence`, the effect class `runs-later`).
 */
function persist(env: CommandEnv, command: string, what: string): void {
  env.person('shell.persistence', `${what}: it runs later, outside this command`, { command });
}

const CRON_SPECIAL = /^@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)$/;

/** A crontab as the shell script its jobs run: the command fields, up to the first unescaped `%`. */
export function crontabScript(text: string): string {
  const commands: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(line)) continue;
    const fields = line.split(/\s+/);
    const skip = CRON_SPECIAL.test(fields[0] ?? '') ? 1 : 5;
    let rest = line;
    for (let k = 0; k < skip; k++) rest = rest.replace(/^\S+\s*/, '');
    const cut = /(?<!\\)%/.exec(rest);
    commands.push((cut ? rest.slice(0, cut.index) : rest).replaceAll('\\%', '%'));
  }
  return commands.join('\n');
}

export const crontab: CommandHandler = (args, env): CommandOutcome => {
  const parsed = parseArgs(args, { short: 'uc' });
  const flags = new Set(parsed.options.map((o) => o.name));
  if (flags.has('-l') || flags.has('-T') || flags.has('-V') || flags.has('--help')) return {};
  if (flags.has('-r')) {
    persist(env, 'crontab -r', 'crontab -r removes every scheduled job');
    return {};
  }
  if (flags.has('-e')) {
    persist(env, 'crontab -e', 'crontab -e edits the scheduled jobs');
    return {};
  }
  const file = parsed.operands[0];
  persist(env, 'crontab', 'crontab installs scheduled jobs');
  if (file === undefined || file.text === '-' || file.text === '/dev/stdin') {
    if (env.input !== undefined) env.runScript(crontabScript(env.input), 'crontab');
    return { stdin: 'code' };
  }
  const content = env.written(file);
  if (content !== undefined) env.runScript(crontabScript(content), 'crontab');
  return {};
};

/** `at [-f FILE] TIME`, `batch`: the job is shell read from standard input or FILE. */
export const atJob: CommandHandler = (args, env, name): CommandOutcome => {
  const parsed = parseArgs(args, { short: 'fqtM' });
  const flags = new Set(parsed.options.map((o) => o.name));
  if (flags.has('-l') || flags.has('-c') || flags.has('-V')) return {};
  if (flags.has('-r') || flags.has('-d')) {
    persist(env, `${name} ${flags.has('-r') ? '-r' : '-d'}`, `${name} removes scheduled jobs`);
    return {};
  }
  persist(env, name, `${name} schedules a job`);
  const file = parsed.options.find((o) => o.name === '-f')?.value;
  if (file && file.text !== '/dev/stdin' && file.text !== '-') {
    env.checkRunsFile(file, `${name} -f`);
    return {};
  }
  return { stdin: 'shell' };
};

export const atrm: CommandHandler = (_args, env) => {
  persist(env, 'atrm', 'atrm removes scheduled jobs');
};

/** systemd-run's options that take a value (separate or after `=`). */
const SYSTEMD_RUN_VALUES = new Set([
  '-u', '--unit', '-p', '--property', '--description', '--slice', '-E', '--setenv', '--working-directory', '-M', '--machine', '-H', '--host',
  '--uid', '--gid', '--nice', '--on-active', '--on-boot', '--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar',
  '--timer-property', '--path-property', '--socket-property', '--service-type', '--capsule', '-C', '--json',
]);
const FOREGROUND = /^(?:--scope|--wait|-t|--pty|-P|--pipe|-S|--shell)$/;

/** `systemd-run [its options] [--] command…`: the service manager runs it; with a timer (`--on-*`), later. */
export const systemdRun: CommandHandler = (args, env) => {
  let i = 0;
  let timer = false;
  let foreground = false;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      env.undecidable('systemd-run: an option or the command is built at run time', true);
      return {};
    }
    if (text === '--') {
      i += 1;
      break;
    }
    if (!text.startsWith('-')) break;
    const name = text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
    if (/^--on-|^--timer-property/.test(name)) timer = true;
    if (FOREGROUND.test(name) || /^-[a-zA-Z]*[tPS][a-zA-Z]*$/.test(name)) foreground = true;
    // `-p ExecStartPre=…`, `--property=ExecStopPost=…`: a property that is a command line runs too.
    const property = name === '-p' || name === '--property' ? (text.includes('=') && name.startsWith('--') ? text.slice(text.indexOf('=') + 1) : args[i + 1]?.text) : /^-p./.test(text) ? text.slice(2) : undefined;
    if (property !== undefined && /^Exec\w*=/i.test(property)) env.runScript(property.slice(property.indexOf('=') + 1).replace(/^[-@:+!|]+/, ''), 'systemd-run -p Exec…');
    if (SYSTEMD_RUN_VALUES.has(name) && !text.includes('=')) i += 1;
    else if (/^-[a-zA-Z]*[upEMHC]$/.test(text) && text.length > 2) i += 1;
  }
  if (timer) persist(env, 'systemd-run --on-…', 'systemd-run installs a timer');
  else if (!foreground) env.detached('systemd-run');
  const inner = args.slice(i);
  if (inner.length > 0) env.runArgv(inner, 'systemd-run');
  else if (!foreground) env.undecidable('systemd-run: no command to analyse', true);
  return {};
};

const SYSTEMCTL_PERSIST = /^(?:enable|reenable|link|add-wants|add-requires|edit|preset|preset-all|set-default|revert)$/;

/** `systemctl enable|link|edit…` installs units that start later; starting or stopping a `.timer` schedules; the rest is `killByName`'s. */
export const systemctl: CommandHandler = (args, env, name) => {
  const words = args.map((w) => w.text);
  const verb = words.find((t) => t !== undefined && !t.startsWith('-'));
  const timer = words.some((t) => t !== undefined && /\.timer$/.test(t));
  if (verb !== undefined && (SYSTEMCTL_PERSIST.test(verb) || (timer && /^(?:start|restart|stop|disable|mask)$/.test(verb)))) {
    persist(env, `systemctl ${verb}`, `systemctl ${verb} changes what the service manager runs later`);
    return {};
  }
  return killByName(args, env, name);
};

/** macOS `launchctl`, Windows `schtasks`, `loginctl enable-linger`: the same persistence on other systems. */
export const otherSchedulers: CommandHandler = (args, env, name) => {
  const words = args.map((w: ShellWord) => w.text?.toLowerCase());
  const installs =
    (name === 'launchctl' && words.some((t) => t !== undefined && /^(?:load|bootstrap|submit|enable|unload|bootout|remove)$/.test(t))) ||
    (name === 'schtasks' && words.some((t) => t !== undefined && /^[/-](?:create|delete|change|run)$/.test(t))) ||
    (name === 'loginctl' && words.some((t) => t === 'enable-linger'));
  if (installs) persist(env, `${name} ${words.find((t) => t !== undefined && !/^[/-]/.test(t)) ?? ''}`.trim(), `${name} installs or removes a job that runs later`);
};

export const SCHEDULERS: Record<string, CommandHandler> = {
  crontab,
  at: atJob,
  batch: atJob,
  atrm,
  'systemd-run': systemdRun,
  systemctl,
  launchctl: otherSchedulers,
  schtasks: otherSchedulers,
  loginctl: otherSchedulers,
};
