import { commandCategory } from './command-table.js';
import { decodeAnsiC } from './word-eval.js';
import type { ShellWord } from './types.js';

/** What a command writes to stdout, when that can be known statically. */
export type StaticOutput = { kind: 'text'; text: string } | { kind: 'file' } | { kind: 'download' };

/**
 * `echo`/`printf` with literal arguments print known text; `cat FILE…` prints workspace files;
 * downloaders and network tools print what a stranger sent.
 */
export function staticOutput(name: string, args: ShellWord[]): StaticOutput | undefined {
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
    if (!format.includes('%')) return { kind: 'text', text: decodeAnsiC(format) };
    if (/^%[sb](?:\\n)?$/.test(format)) return { kind: 'text', text: rest.map((t) => (format.startsWith('%b') ? decodeAnsiC(t) : t)).join('') };
    return undefined;
  }
  if (name === 'cat' && texts.length > 0 && texts.every((t) => !t.startsWith('-') && !t.startsWith('/dev/'))) return { kind: 'file' };
  return undefined;
}
