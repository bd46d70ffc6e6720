import type { PathInspection } from '../paths/path-policy.js';
import type { CommandEnv } from './command-env.js';
import { parseArgs } from './options.js';
import { isSecretPath } from './secret-paths.js';
import type { ShellWord } from './types.js';

/** Commands that print the whole environment when given no command to run. */
export function ENV_DUMP(name: string, args: ShellWord[]): boolean {
  const texts = args.map((w) => w.text);
  if (name === 'printenv') return texts.length === 0 || texts.every((t) => t?.startsWith('-'));
  if (name === 'env') return texts.every((t) => t !== undefined && (t.startsWith('-') || /^[A-Za-z_]\w*=/.test(t))) && !texts.some((t) => t === '-S' || t?.startsWith('--split-string'));
  if (name === 'set') return texts.length === 0;
  if (name === 'export' || name === 'declare' || name === 'typeset') return texts.length === 0 || texts.every((t) => t === '-p' || t === '-x' || t === '-px');
  if (name === 'compgen') return texts.includes('-e') || texts.includes('-v');
  return false;
}

/**
 * A word that names a secret a command reads: a credential file (`~/.ssh/id_rsa`, `.aws/credentials`),
 * a protected workspace path (`.env`), anything in the home directory, also after `@`, `<` or `name=@`.
 */
export function secretOperand(word: ShellWord, inspect: () => PathInspection | undefined, extraProtected: boolean): boolean {
  const text = word.text;
  if (text === undefined || !/[./~@<=_*?[]|cred|secret|token|kube|shadow|sudoers|gcloud|passwd/i.test(text) || (text.startsWith('-') && !/[=@]/.test(text))) return false;
  const bare = text.replace(/^[^=@<]*=/, '').replace(/^[@<]/, '');
  if (bare.length === 0 || bare === '-') return false;
  if (isSecretPath(bare) || bare.startsWith('~/') || bare === '~') return true;
  // Only a path naming a protected entry can be one: skip the inspection for the rest.
  if (bare !== text || (!extraProtected && !/\.(?:git|warden|env)|[*?[]/i.test(text))) return false;
  return inspect()?.class === 'protected';
}

/** An uploaded file that must not leave: a secret, a protected path, the home directory. Undefined text: undecidable. */
export function checkUpload(env: CommandEnv, file: ShellWord, what: string): void {
  if (file.text === undefined) {
    env.undecidable(`${what}: the uploaded file is built at run time`);
    return;
  }
  if (file.text === '-' || file.text === '/dev/stdin' || file.text === '.') {
    env.sends('stdin');
    return;
  }
  const ins = env.peek(file);
  if (isSecretPath(file.text) || file.text.startsWith('~') || ins?.class === 'protected') {
    env.deny('shell.exfiltration', `${what} uploads ${file.text.slice(0, 80)}, a secret file`, { command: what });
  }
}

/** Commands that print file content: naming a protected path to them is reading it, like `read_file .env`. */
const PRINTERS = new Set(['cat', 'tac', 'nl', 'head', 'tail', 'less', 'more', 'most', 'bat', 'batcat', 'base64', 'base32', 'xxd', 'od', 'hexdump', 'strings', 'sort', 'uniq', 'cut', 'paste', 'column', 'fold', 'fmt', 'rev', 'jq', 'yq', 'view', 'vis', 'cp']);
const GREPS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep']);

/** `cat .env`, `head .git/config`, `grep KEY .env.local`: the paths `read_file` refuses, refused here too. */
export function checkProtectedRead(name: string, args: ShellWord[], env: CommandEnv): void {
  let operands: ShellWord[];
  if (GREPS.has(name)) {
    const parsed = parseArgs(args, { short: 'efABCmd', long: ['--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--glob', '--type'] });
    if (parsed.options.some((o) => /^(?:-q|-c|-l|-L|--quiet|--silent|--count|--files-with-matches|--files-without-match)$/.test(o.name))) return;
    const given = parsed.options.some((o) => /^(?:-e|-f|--regexp|--file)$/.test(o.name));
    operands = given ? parsed.operands : parsed.operands.slice(1);
  } else if (PRINTERS.has(name)) {
    const parsed = parseArgs(args, { short: name === 'head' || name === 'tail' ? 'nc' : '', long: [] });
    operands = name === 'cp' ? parsed.operands.slice(0, -1) : name === 'jq' ? parsed.operands.slice(1) : parsed.operands;
  } else return;
  for (const word of operands) {
    if (word.text === undefined || word.glob) continue;
    if (env.peek(word)?.class === 'protected') env.deny('shell.read_protected', `${name} reads the protected path ${word.text.slice(0, 80)}, which file tools refuse as well`, { command: name, path: word.text.slice(0, 80) });
  }
}
