import { posix } from 'node:path';
import type { CommandHandler } from './command-env.js';
import { remoteCopy } from './ssh-rules.js';
import { parseArgs, type OptionSpec, type ParsedArgs } from './options.js';
import type { ShellWord } from './types.js';

function targetsOf(args: ShellWord[], spec: OptionSpec): ParsedArgs {
  return parseArgs(args, spec);
}

/** `rm`, `rmdir`, `unlink`, `shred`, `srm`: every operand is removed. */
export const remove: CommandHandler = (args, env, name) => {
  const parsed = targetsOf(args, name === 'shred' ? { short: 'ns', long: ['--iterations', '--size', '--random-source'] } : {});
  if (parsed.options.some((o) => o.name === '--no-preserve-root')) {
    env.deny('shell.delete_outside_workspace', `${name} --no-preserve-root disables the guard against removing /`, { command: `${name} --no-preserve-root`, path: '/' });
  }
  for (const target of parsed.operands) {
    if (name === 'shred' && target.text?.startsWith('/dev/')) {
      env.deny('shell.disk_write', `shred overwrites the device ${target.text}`, { command: 'shred' });
      continue;
    }
    env.checkDelete(target, name);
  }
};

/** Destination of cp/mv/ln/install: `-t DIR`, else the last operand. */
function destination(parsed: ParsedArgs): { dest: ShellWord | undefined; sources: ShellWord[] } {
  const t = parsed.options.find((o) => o.name === '-t' || o.name === '--target-directory');
  if (t) return { dest: t.value, sources: parsed.operands };
  if (parsed.operands.length < 2) return { dest: undefined, sources: parsed.operands };
  return { dest: parsed.operands[parsed.operands.length - 1], sources: parsed.operands.slice(0, -1) };
}

const COPY_SPEC: OptionSpec = { short: 'tS', long: ['--target-directory', '--suffix'] };

export const copy: CommandHandler = (args, env, name) => {
  const parsed = targetsOf(args, COPY_SPEC);
  const { dest, sources } = destination(parsed);
  if (name === 'mv') for (const source of sources) env.checkDelete(source, 'mv (moving away)', { command: 'mv' });
  if (dest) env.checkWrite(dest, name);
};

export const link: CommandHandler = (args, env) => {
  const parsed = targetsOf(args, COPY_SPEC);
  const { dest, sources } = destination(parsed);
  const symbolic = parsed.options.some((o) => o.name === '-s' || o.name === '--symbolic');
  env.checkWrite(dest ?? { text: '.', glob: false }, 'ln');
  for (const source of sources) {
    let target = source;
    const text = source.text;
    if (symbolic && text !== undefined && !text.startsWith('/') && !text.startsWith('~') && dest?.text !== undefined && parsed.operands.length >= 2) {
      const destDir = parsed.options.some((o) => o.name === '-t' || o.name === '--target-directory') ? dest.text : posix.dirname(dest.text);
      target = { text: posix.join(destDir, text), glob: source.glob };
    }
    const ins = env.inspect(target, 'ln');
    if (ins?.class === 'outside') env.deny('shell.write_outside_workspace', `ln creates a link to ${text ?? ''}, outside the workspace (writes through it would leave the workspace)`, { command: 'ln', path: text ?? '' });
    else if (ins?.class === 'protected') env.deny('shell.write_protected', `ln creates a link to the protected path ${text ?? ''}`, { command: 'ln', path: text ?? '' });
  }
};

function setuidMode(mode: string | undefined): boolean {
  if (mode === undefined) return false;
  if (/^[0-7]+$/.test(mode)) return mode.length >= 4 && (Number(mode[mode.length - 4]) & 6) !== 0;
  return mode.split(',').some((clause) => /^[ugoa]*[-+=][rwxXst]*s/.test(clause) && !/^[ugoa]*-/.test(clause));
}

export const install: CommandHandler = (args, env) => {
  const parsed = targetsOf(args, { short: 'tSmogC', long: ['--target-directory', '--suffix', '--mode', '--owner', '--group'] });
  const mode = parsed.options.find((o) => o.name === '-m' || o.name === '--mode');
  if (setuidMode(mode?.value?.text)) env.deny('shell.privilege_escalation', 'install sets the setuid/setgid bit', { command: `install -m ${mode?.value?.text ?? ''}` });
  if (parsed.options.some((o) => o.name === '-d' || o.name === '--directory')) {
    for (const dir of parsed.operands) env.checkWrite(dir, 'install -d');
    return;
  }
  const { dest } = destination(parsed);
  if (dest) env.checkWrite(dest, 'install');
};

export const tee: CommandHandler = (args, env) => {
  for (const file of targetsOf(args, {}).operands) env.checkWrite(file, 'tee', { devices: true });
};

export const truncate: CommandHandler = (args, env) => {
  for (const file of targetsOf(args, { short: 'sr', long: ['--size', '--reference'] }).operands) env.checkWrite(file, 'truncate');
};

export const dd: CommandHandler = (args, env) => {
  for (const word of args) {
    const text = word.text;
    if (text === undefined) {
      env.undecidable('dd: an operand is built at run time');
      continue;
    }
    if (text.startsWith('of=')) env.checkWrite({ text: text.slice(3), glob: false }, 'dd of=', { devices: true });
  }
};

export const chmod: CommandHandler = (args, env) => {
  const parsed = targetsOf(args, { long: ['--reference'] });
  const hasReference = parsed.options.some((o) => o.name === '--reference');
  // A mode such as -x or -w parses as an option; it cannot be setuid, so it is fine to skip.
  const mode = hasReference ? undefined : parsed.operands[0];
  const files = hasReference ? parsed.operands : parsed.operands.slice(1);
  if (mode && mode.text === undefined) env.undecidable('chmod: the mode is built at run time');
  if (setuidMode(mode?.text)) env.deny('shell.privilege_escalation', `chmod ${mode?.text ?? ''} sets the setuid/setgid bit`, { command: `chmod ${mode?.text ?? ''}` });
  for (const file of files) env.checkWrite(file, 'chmod');
};

export const chown: CommandHandler = (args, env, name) => {
  const parsed = targetsOf(args, { long: ['--reference', '--from'] });
  const hasReference = parsed.options.some((o) => o.name === '--reference');
  const files = hasReference ? parsed.operands : parsed.operands.slice(1);
  for (const file of files) env.checkWrite(file, name);
};

/** The `w FILE`/`W FILE` and `e` commands and the `s///w`, `s///e` flags (over-asks on some replacements). */
const SED_WRITES = /(?:^|[;\n{}\s\d$/!])[wWe](?:\s|$|;)/;

/** `sed -i` edits files in place; without `-i` it only reads (unless its script writes or runs commands). */
export const sed: CommandHandler = (args, env) => {
  const parsed = targetsOf(args, { short: 'eflS', long: ['--expression', '--file', '--line-length'] });
  const inPlace = parsed.options.some((o) => o.name === '-i' || o.name.startsWith('--in-place'));
  const hasScript = parsed.options.some((o) => o.name === '-e' || o.name === '-f' || o.name === '--expression' || o.name === '--file');
  const scripts = hasScript ? parsed.options.filter((o) => o.name === '-e' || o.name === '--expression').map((o) => o.value) : [parsed.operands[0]];
  if (parsed.options.some((o) => o.name === '-f' || o.name === '--file') || scripts.some((w) => w?.text === undefined || SED_WRITES.test(w.text))) {
    env.modifies('sed (a script that writes files or runs commands)');
  }
  if (!inPlace) return;
  for (const file of hasScript ? parsed.operands : parsed.operands.slice(1)) env.checkWrite(file, 'sed -i');
};

export const rsync: CommandHandler = (args, env) => {
  const parsed = targetsOf(args, { short: 'eTB', long: ['--rsh', '--temp-dir', '--exclude', '--include', '--filter', '--backup-dir', '--rsync-path'] });
  const dest = parsed.operands[parsed.operands.length - 1];
  if (parsed.operands.length < 2 || !dest) return;
  if (dest.text !== undefined && /^[^/]*:/.test(dest.text)) return remoteCopy(args, env, 'rsync');
  env.checkWrite(dest, 'rsync');
  if (parsed.options.some((o) => o.name === '--remove-source-files')) for (const s of parsed.operands.slice(0, -1)) env.checkDelete(s, 'rsync --remove-source-files');
};
