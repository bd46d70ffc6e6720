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

/** The file operands a printing or searching command reads, or undefined when it is neither. */
function readOperands(name: string, args: ShellWord[]): ShellWord[] | undefined {
  if (GREPS.has(name)) {
    const parsed = parseArgs(args, { short: 'efABCmd', long: ['--regexp', '--file', '--after-context', '--before-context', '--context', '--max-count', '--include', '--exclude', '--glob', '--type'] });
    const given = parsed.options.some((o) => /^(?:-e|-f|--regexp|--file)$/.test(o.name));
    return given ? parsed.operands : parsed.operands.slice(1);
  }
  if (!PRINTERS.has(name)) return undefined;
  const parsed = parseArgs(args, { short: name === 'head' || name === 'tail' ? 'nc' : name === 'cp' ? 'tS' : '', long: ['--target-directory', '--suffix'] });
  if (name === 'cp') return parsed.options.some((o) => o.name === '-t' || o.name === '--target-directory') ? parsed.operands : parsed.operands.slice(0, -1);
  return name === 'jq' ? parsed.operands.slice(1) : parsed.operands;
}

/** `cat .env`, `head .git/config`, `grep KEY .env.local`: the paths `read_file` refuses, refused here too. */
export function checkProtectedRead(name: string, args: ShellWord[], env: CommandEnv): void {
  if (GREPS.has(name) && parseArgs(args, { short: 'efABCmd' }).options.some((o) => /^(?:-q|-c|-l|-L|--quiet|--silent|--count|--files-with-matches|--files-without-match)$/.test(o.name))) return;
  const operands = readOperands(name, args);
  for (const word of operands ?? []) {
    if (word.text === undefined || word.glob) continue;
    if (env.peek(word)?.class === 'protected') env.deny('shell.read_protected', `${name} reads the protected path ${word.text.slice(0, 80)}, which file tools refuse as well`, { command: name, path: word.text.slice(0, 80) });
  }
}

/** More commands that read the files or folders they name (listing a folder is reading it). */
const OTHER_READERS = new Set(['ls', 'dir', 'vdir', 'tree', 'stat', 'file', 'wc', 'diff', 'cmp', 'comm', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'du', 'zcat', 'bzcat', 'xzcat', 'zless', 'gzip', 'gunzip', 'zip', 'rsync', 'scp', 'awk', 'sed', 'split', 'csplit', 'iconv', 'sqlite3', 'look', 'expand', 'unexpand', 'tr', 'join', 'shuf', 'tsort', 'sum', 'pr', 'ptx', 'find', 'lsattr', 'getfacl', 'exiftool', 'identify', 'pdftotext', 'tar']);
/** Readers that read the working directory when given no operand. */
const DIRECTORY_READERS = /^(?:ls|dir|vdir|tree|du|find|rg|ag|ack)$/;

/**
 * Parent-directory traversal (seed 000): a reader's operand that reaches outside the workspace
 * through `..` (`cat ../../etc/passwd`, `grep -r KEY ../sibling`), or any relative operand after
 * `cd ..` left the workspace, is refused like a write there. Absolute paths are not traversal.
 */
export function checkTraversalReads(name: string, args: ShellWord[], env: CommandEnv): void {
  const printing = readOperands(name, args);
  if (printing === undefined && !OTHER_READERS.has(name)) return;
  const expression = args.findIndex((w) => /^[-(!]/.test(w.text ?? ''));
  let operands = name === 'find' ? args.slice(0, expression < 0 ? args.length : expression) : (printing ?? parseArgs(args, { short: 'dtnwsSLIkbBT' }).operands);
  if (name === 'awk' || name === 'sed') {
    const parsed = parseArgs(args, { short: name === 'awk' ? 'Fvfil' : 'eflS', long: ['--expression', '--file', '--field-separator', '--assign', '--source'] });
    const scripted = parsed.options.some((o) => /^(?:-e|-f|--expression|--file|--source)$/.test(o.name));
    operands = scripted ? parsed.operands : parsed.operands.slice(1);
  }
  if (name === 'tar') {
    operands = tarInputs(args);
    const dir = args.findIndex((w) => w.text === '-C' || w.text === '--directory');
    if (operands.length > 0 && dir >= 0 && args[dir + 1]) operands.push(args[dir + 1] as ShellWord);
  }
  if (name === 'rsync' || name === 'scp') operands = operands.slice(0, -1);
  if (operands.length === 0 && env.state.traversed && DIRECTORY_READERS.test(name)) operands = [{ text: '.', glob: false }];
  for (const word of operands) env.checkRead(word, name);
}

/** What `tar c…` (old-style `czf out.tgz dir` or `-czf`/`--create`) archives: its operands but the archive. */
function tarInputs(args: ShellWord[]): ShellWord[] {
  const first = args[0]?.text ?? '';
  const mode = /^[A-Za-z]+$/.test(first) ? first : '';
  const creating = mode.includes('c') || args.some((w) => w.text === '--create' || /^-[A-Za-z]*c[A-Za-z]*$/.test(w.text ?? ''));
  if (!creating) return [];
  const out: ShellWord[] = [];
  let archiveNext = mode.includes('f');
  for (const word of args.slice(mode ? 1 : 0)) {
    const text = word.text ?? '';
    if (archiveNext && !text.startsWith('-')) {
      archiveNext = false;
      continue;
    }
    if (text === '-f' || text === '--file' || (/^-[A-Za-z]*f$/.test(text) && !text.startsWith('--'))) archiveNext = true;
    else if (!text.startsWith('-')) out.push(word);
  }
  return out;
}
