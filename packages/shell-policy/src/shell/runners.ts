import type { CommandEnv, CommandHandler } from './command-env.js';
import { parseArgs, type OptionSpec } from './options.js';
import type { ShellWord } from './types.js';

/** Input lists longer than this are not expanded one by one: undecidable. */
const MAX_ITEMS = 64;
const PARALLEL_SPEC: OptionSpec = {
  short: 'jSadEINnLlPWsCe',
  long: ['--jobs', '--sshlogin', '--sshloginfile', '--arg-file', '--delimiter', '--eof', '--colsep', '--max-args', '--max-replace-args', '--timeout', '--delay', '--joblog', '--results', '--tmpdir', '--tagstring', '--halt', '--env', '--workdir', '--basefile', '--transferfile', '--return', '--block', '--retries', '--memfree', '--load', '--id', '--semaphorename', '--fg', '--termseq', '--shebang-wrap'],
};
const REPLACEMENTS = /\{(?:\.|\/|\/\/|\/\.|#|%|\d+)?\}/g;

function joined(words: ShellWord[]): string | undefined {
  return words.some((w) => w.text === undefined) ? undefined : words.map((w) => w.text).join(' ');
}

/** The items a runner gets on standard input, when they are known statically (one per line). */
function stdinItems(env: CommandEnv): string[] | undefined {
  return env.input?.split('\n').map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * GNU `parallel` and `sem`: the command (a shell command line) runs once per input item, with
 * `{}` and its variants replaced by the item or the item appended. Items come after `:::` (literal),
 * from `::::`/`-a` files or standard input (known only when the input is a literal). Without a
 * command, each item is itself a command line.
 */
export const parallel: CommandHandler = (args, env, name) => {
  const sep = args.findIndex((w) => w.text !== undefined && /^:{3,4}\+?$/.test(w.text));
  const head = sep < 0 ? args : args.slice(0, sep);
  const parsed = parseArgs(head, { ...PARALLEL_SPEC, stopAtOperand: true });
  const semaphore = name === 'sem' || parsed.options.some((o) => o.name === '--semaphore' || o.name === '--bg');
  if (parsed.options.some((o) => o.name === '-S' || o.name === '--sshlogin' || o.name === '--sshloginfile')) env.network(`${name} --sshlogin`);
  if (semaphore) env.detached(`${name} --semaphore`);
  const template = joined(parsed.operands);
  const replaceToken = parsed.options.find((o) => o.name === '-I')?.value?.text;
  let items: Array<string | undefined>;
  if (sep >= 0) {
    const literal = args[sep]?.text === ':::' || args[sep]?.text === ':::+';
    const rest = args.slice(sep + 1).filter((w) => w.text === undefined || !/^:{3,4}\+?$/.test(w.text));
    items = literal ? rest.map((w) => w.text) : [undefined];
  } else if (parsed.options.some((o) => o.name === '-a' || o.name === '--arg-file')) items = [undefined];
  else items = stdinItems(env) ?? [undefined];
  if (items.length > MAX_ITEMS) {
    env.undecidable(`${name}: too many input items to analyse one by one`, true);
    return {};
  }
  if (parsed.operands.length === 0) {
    for (const item of items) env.runScript(item, name);
    return {};
  }
  if (template === undefined) {
    env.undecidable(`${name}: the command is built at run time`, true);
    return {};
  }
  for (const item of items) {
    const uses = replaceToken !== undefined ? template.includes(replaceToken) : REPLACEMENTS.test(template);
    REPLACEMENTS.lastIndex = 0;
    if (item === undefined) {
      // An unknown item: its place stays a run-time word, so paths there are undecidable.
      env.runScript(uses ? template.replace(replaceToken ?? REPLACEMENTS, '"$__WARDEN_ITEM"') : `${template} "$__WARDEN_ITEM"`, name);
      continue;
    }
    const quoted = `'${item.replaceAll("'", "'\\''")}'`;
    env.runScript(uses ? template.split(replaceToken ?? '{}').join(quoted).replace(REPLACEMENTS, quoted) : `${template} ${quoted}`, name);
  }
  return {};
};

/** `fd PATTERN [PATH] -x CMD` / `--exec` / `-X` / `--exec-batch`: CMD runs on what fd finds under PATH. */
export const fdFind: CommandHandler = (args, env, name) => {
  const at = args.findIndex((w) => w.text !== undefined && /^(?:-x|--exec|-X|--exec-batch)$/.test(w.text));
  if (at < 0) return {};
  const before = parseArgs(args.slice(0, at), { short: 'edtEScjx', long: ['--extension', '--max-depth', '--type', '--exclude', '--size', '--changed-within', '--changed-before', '--owner', '--threads', '--base-directory', '--search-path'] });
  const dir = before.operands[1] ?? before.options.find((o) => o.name === '--search-path' || o.name === '--base-directory')?.value ?? { text: '.', glob: false };
  const match: ShellWord = { text: dir.text === undefined ? undefined : `${dir.text.replace(/\/+$/, '')}/*`, glob: true };
  const command = args.slice(at + 1);
  const end = command.findIndex((w) => w.text === ';');
  const argv = (end < 0 ? command : command.slice(0, end)).map((w) => (w.text !== undefined && /\{[./]*\}|\{\/\/\}|\{\/\.\}/.test(w.text) ? match : w));
  if (!argv.some((w) => w === match)) argv.push(match);
  return env.runArgv(argv, `${name} -x`);
};
