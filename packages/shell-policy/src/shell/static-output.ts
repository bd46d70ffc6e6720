import { Buffer } from 'node:buffer';
import { commandCategory } from './command-table.js';
import { decodeAnsiC } from './word-eval.js';
import type { ShellWord } from './types.js';

/** What a command writes to stdout, when that can be known statically. */
export type StaticOutput = { kind: 'text'; text: string } | { kind: 'file' } | { kind: 'download' };

/** `printf FORMAT ARGS…` for `%s`, `%b`, `%d`, `%c`, `%%` (the format repeats while arguments remain). */
function printf(format: string, args: string[]): string | undefined {
  let out = '';
  let k = 0;
  do {
    let unsupported = false;
    const once = format.replace(/%(?:%|([-0-9.]*)([sbdic]))/g, (m, _width: string | undefined, conv: string | undefined) => {
      if (m === '%%') return '%';
      const arg = args[k] ?? '';
      k += 1;
      if (conv === 's') return arg;
      if (conv === 'b') return decodeAnsiC(arg);
      if (conv === 'c') return arg.slice(0, 1);
      if (/^-?\d+$/.test(arg) || arg === '') return String(Number(arg));
      unsupported = true;
      return '';
    });
    if (unsupported || /%[^%]/.test(once.replace(/%%/g, ''))) return undefined;
    out += decodeAnsiC(once);
  } while (k > 0 && k < args.length);
  return out;
}

function decodeBase64(text: string): string | undefined {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return undefined;
  return Buffer.from(clean, 'base64').toString('utf8');
}

/**
 * `echo`/`printf` with literal arguments print known text; `cat FILE…` prints workspace files;
 * downloaders and network tools print what a stranger sent; `cat`, `base64 -d`, `xxd -r -p`
 * pass on or decode known input (`echo cm0g… | base64 -d | sh`).
 */
export function staticOutput(name: string, args: ShellWord[], input?: string): StaticOutput | undefined {
  const category = commandCategory(name);
  if (category === 'downloader' || category === 'network') return { kind: 'download' };
  if (args.some((w) => w.text === undefined)) return undefined;
  const texts = args.map((w) => w.text as string);
  if (name === 'echo') {
    let i = 0;
    let escapes = false;
    while (i < texts.length && /^-[neE]+$/.test(texts[i] as string)) {
      if ((texts[i] as string).includes('e')) escapes = true;
      i += 1;
    }
    const text = texts.slice(i).join(' ');
    return { kind: 'text', text: escapes ? decodeAnsiC(text) : text };
  }
  if (name === 'printf') {
    const [format, ...rest] = texts;
    if (format === undefined || format.startsWith('-')) return undefined;
    const text = printf(format, rest);
    return text === undefined ? undefined : { kind: 'text', text };
  }
  if (input !== undefined) {
    if (name === 'cat' && texts.length === 0) return { kind: 'text', text: input };
    const decoding = texts.some((t) => /^-(?:d|D|-decode)$/.test(t) || (name === 'base64' && /^-[a-z]*d[a-z]*$/.test(t)));
    if ((name === 'base64' || (name === 'openssl' && texts.includes('base64'))) && decoding && texts.every((t) => t.startsWith('-') || t === 'base64' || t === 'enc')) {
      const text = decodeBase64(input);
      return text === undefined ? undefined : { kind: 'text', text };
    }
    if (name === 'xxd' && texts.some((t) => /^-[a-z]*r/.test(t)) && texts.some((t) => /^-[a-z]*p/.test(t)) && texts.every((t) => t.startsWith('-'))) {
      const hex = input.replace(/\s+/g, '');
      return /^(?:[0-9a-f]{2})*$/i.test(hex) ? { kind: 'text', text: Buffer.from(hex, 'hex').toString('utf8') } : undefined;
    }
    if (name === 'rev' && texts.length === 0) return { kind: 'text', text: input.split('\n').map((l) => [...l].reverse().join('')).join('\n') };
  }
  if (name === 'cat' && texts.length > 0 && texts.every((t) => !t.startsWith('-') && !t.startsWith('/dev/'))) return { kind: 'file' };
  return undefined;
}
