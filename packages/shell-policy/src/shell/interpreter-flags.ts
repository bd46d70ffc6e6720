import { Buffer } from 'node:buffer';
import type { CodeLanguage } from './code-scan.js';
import type { ShellWord } from './types.js';

/** How one interpreter family takes code: which options carry code, which take a value. */
interface Family {
  language: CodeLanguage;
  /** Short letters that take the code as their value (`-c`, `-e`), also at the end of a cluster (`-Ic`, `-ne`). */
  codeLetters: string;
  /** Long options whose value is code. */
  codeLong: readonly string[];
  /** Short letters that take a value (`-W x`, `-r mod`), attached or separate. */
  valueLetters: string;
  /** Long options that take a separate value. */
  valueLong: readonly string[];
  /** Options whose value names a module or library loaded before the code (`-r socket`, `-MIO::Socket`). */
  moduleLetters: string;
  /** The first operand is the program text, not a file (awk). */
  programOperand?: boolean;
}

const FAMILIES: ReadonlyArray<[RegExp, Family]> = [
  [/^(?:python(?:\d(?:\.\d+)?)?|pypy\d?)$/, { language: 'python', codeLetters: 'c', codeLong: [], valueLetters: 'WXQ', valueLong: ['--check-hash-based-pycs'], moduleLetters: '' }],
  [/^(?:node|nodejs|bun)$/, { language: 'js', codeLetters: 'ep', codeLong: ['--eval', '--print'], valueLetters: 'rC', valueLong: ['--require', '--import', '--loader', '--experimental-loader', '--input-type', '--title', '--conditions', '--env-file', '--inspect-port'], moduleLetters: 'r' }],
  [/^deno$/, { language: 'js', codeLetters: '', codeLong: [], valueLetters: '', valueLong: [], moduleLetters: '' }],
  [/^perl\d?$/, { language: 'perl', codeLetters: 'eE', codeLong: [], valueLetters: '', valueLong: [], moduleLetters: 'Mm' }],
  [/^(?:ruby|irb|jruby)$/, { language: 'ruby', codeLetters: 'e', codeLong: [], valueLetters: 'rICEx', valueLong: ['--encoding'], moduleLetters: 'r' }],
  [/^php\d?$/, { language: 'php', codeLetters: 'rBRFE', codeLong: ['--run', '--process-begin', '--process-code', '--process-end'], valueLetters: 'cdfzt', valueLong: ['--php-ini', '--define', '--file'], moduleLetters: '' }],
  [/^lua(?:jit|\d(?:\.\d+)?)?$/, { language: 'lua', codeLetters: 'e', codeLong: [], valueLetters: 'l', valueLong: [], moduleLetters: 'l' }],
  [/^rscript$/, { language: 'other', codeLetters: 'e', codeLong: ['--expr'], valueLetters: '', valueLong: [], moduleLetters: '' }],
  [/^(?:osascript|groovy|jshell|tclsh|wish)$/, { language: 'other', codeLetters: 'e', codeLong: [], valueLetters: 'l', valueLong: [], moduleLetters: '' }],
  [/^(?:awk|gawk|mawk|nawk|busybox-awk)$/, { language: 'awk', codeLetters: 'e', codeLong: ['--source'], valueLetters: 'Fvfil', valueLong: ['--field-separator', '--assign', '--file', '--include', '--load'], moduleLetters: '', programOperand: true }],
];

/** What an interpreter's command line runs. */
export interface Invocation {
  language: CodeLanguage;
  /** Inline code given on the command line, with the option that carried it (undefined text: built at run time). */
  code: Array<{ flag: string; text: string | undefined }>;
  /** Modules loaded first (`-r socket`), scanned like code. */
  modules: string[];
  /** A script file or module run (`-m pytest`, `script.py`), with its index in the arguments. */
  file?: { word: ShellWord; index: number; module: boolean };
  /** Code comes from standard input (no code, no file, or `-`). */
  stdin: boolean;
}

/** One pattern for every family, tested first: most command names are not interpreters. */
const ANY_FAMILY = new RegExp(FAMILIES.map(([re]) => re.source).join('|'));

export function interpreterFamily(name: string): Family | undefined {
  if (!ANY_FAMILY.test(name)) return undefined;
  return FAMILIES.find(([re]) => re.test(name))?.[1];
}

/** Reads an interpreter's arguments the way that interpreter does, so `python -W x -c`, `python3 -Ic`, `node -p`, `perl -lne` are all seen as code. */
export function readInvocation(name: string, args: ShellWord[]): Invocation {
  const family = interpreterFamily(name) ?? { language: 'other' as const, codeLetters: 'ce', codeLong: ['--eval'], valueLetters: '', valueLong: [], moduleLetters: '' };
  const out: Invocation = { language: family.language, code: [], modules: [], stdin: false };
  let i = 0;
  if (name === 'deno' || name === 'bun') {
    const sub = args[0]?.text;
    if (sub === 'eval' || sub === '-e' || sub === '--eval' || sub === '-p' || sub === '--print') {
      out.code.push({ flag: `${name} ${sub}`, text: args.slice(1).find((w) => !w.text?.startsWith('-'))?.text });
      return out;
    }
  }
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      out.code.push({ flag: 'an argument built at run time', text: undefined });
      return out;
    }
    if (text === '-' || text === '--') {
      out.stdin = text === '-';
      if (text === '--' && args[i + 1] && !family.programOperand) out.file = { word: args[i + 1] as ShellWord, index: i + 1, module: false };
      else if (text === '--' && args[i + 1]) out.code.push({ flag: 'program', text: args[i + 1]?.text });
      return out;
    }
    if (text.startsWith('--')) {
      const [long, attached] = text.includes('=') ? [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)] : [text, undefined];
      if (family.codeLong.includes(long)) {
        out.code.push({ flag: long, text: attached ?? args[++i]?.text });
        continue;
      }
      if (family.valueLong.includes(long) && attached === undefined) {
        if (/require|import|loader|include|load/.test(long)) out.modules.push(args[i + 1]?.text ?? '');
        if (long === '--file' && family.programOperand) out.file = { word: args[i + 1] as ShellWord, index: i + 1, module: false };
        i += 1;
      }
      continue;
    }
    if (/^-[A-Za-z]/.test(text)) {
      for (let j = 1; j < text.length; j++) {
        const letter = text[j] as string;
        const rest = text.slice(j + 1);
        if (family.codeLetters.includes(letter)) {
          out.code.push({ flag: `-${letter}`, text: rest.length > 0 ? rest : args[++i]?.text });
          break;
        }
        if (family.valueLetters.includes(letter)) {
          const value = rest.length > 0 ? rest : args[++i]?.text;
          if (family.moduleLetters.includes(letter)) out.modules.push(value ?? '');
          if (letter === 'f' && (family.programOperand || family.language === 'php')) out.file = { word: { text: value, glob: false }, index: i, module: false };
          break;
        }
        if (family.moduleLetters.includes(letter)) {
          out.modules.push(rest);
          break;
        }
        if (letter === 'm' && family.language === 'python') {
          const module = rest.length > 0 ? rest : args[++i]?.text;
          out.file = { word: { text: module, glob: false }, index: i, module: true };
          return out;
        }
      }
      continue;
    }
    if (family.programOperand && out.code.length === 0 && out.file === undefined) {
      out.code.push({ flag: 'program', text });
      return out;
    }
    if (out.code.length === 0 && out.file === undefined) out.file = { word: args[i] as ShellWord, index: i, module: false };
    return out;
  }
  out.stdin = out.code.length === 0 && out.file === undefined;
  return out;
}

const PWSH_VALUE = /^-(?:ex(?:ecutionpolicy)?|ep|w(?:indowstyle)?|inputformat|if|outputformat|of|configurationname|config|wd|workingdirectory|version|v|settingsfile|custompipename)$/i;

/** PowerShell's parameters: case-insensitive prefixes of `-Command`, `-EncodedCommand` (base64 UTF-16LE), `-File`. */
export function readPwshInvocation(args: ShellWord[]): Invocation {
  const out: Invocation = { language: 'pwsh', code: [], modules: [], stdin: false };
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) {
      out.code.push({ flag: 'an argument built at run time', text: undefined });
      return out;
    }
    const lower = text.toLowerCase();
    if (/^[-/]c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?$/.test(lower)) {
      const rest = args.slice(i + 1);
      out.code.push({ flag: text, text: rest.some((w) => w.text === undefined) ? undefined : rest.map((w) => w.text).join(' ') });
      return out;
    }
    if (/^[-/](?:e|ec|en(?:c(?:o(?:d(?:e(?:d(?:c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?)?)?)?)?)?)?)$/.test(lower)) {
      const encoded = args[i + 1]?.text;
      out.code.push({ flag: text, text: encoded === undefined ? undefined : decodeUtf16Base64(encoded) });
      return out;
    }
    if (/^[-/]f(?:i(?:l(?:e)?)?)?$/.test(lower)) {
      if (args[i + 1]) out.file = { word: args[i + 1] as ShellWord, index: i + 1, module: false };
      return out;
    }
    if (PWSH_VALUE.test(lower)) {
      i += 1;
      continue;
    }
    if (lower.startsWith('-')) continue;
    if (/\.ps1$/i.test(text)) {
      out.file = { word: args[i] as ShellWord, index: i, module: false };
      return out;
    }
    const rest = args.slice(i);
    out.code.push({ flag: 'command', text: rest.some((w) => w.text === undefined) ? undefined : rest.map((w) => w.text).join(' ') });
    return out;
  }
  out.stdin = true;
  return out;
}

function decodeUtf16Base64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/=]+$/.test(text)) return undefined;
  return Buffer.from(text, 'base64').toString('utf16le');
}
