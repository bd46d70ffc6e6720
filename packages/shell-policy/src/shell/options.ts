import type { ShellWord } from './types.js';

export interface OptionSpec {
  /** Short option letters that take a value (`-t DIR`, `-tDIR`). */
  short?: string;
  /** Long options that take a value (`--target-directory DIR`, `--target-directory=DIR`). */
  long?: readonly string[];
  /** Stop at the first operand (as `env`, `xargs`, `timeout` do: the rest is a command). */
  stopAtOperand?: boolean;
}

export interface ParsedOption {
  /** `-x` for short options (one entry per letter of a cluster), `--name` for long ones. */
  name: string;
  value?: ShellWord;
}

export interface ParsedArgs {
  options: ParsedOption[];
  operands: ShellWord[];
  /** Operands and options could not be told apart (a dynamic word where an option may be). */
  dynamicOption: boolean;
}

/** GNU-style option parsing over statically expanded words. */
export function parseArgs(args: readonly ShellWord[], spec: OptionSpec = {}): ParsedArgs {
  const options: ParsedOption[] = [];
  const operands: ShellWord[] = [];
  let dynamicOption = false;
  let i = 0;
  let endOfOptions = false;
  while (i < args.length) {
    const word = args[i] as ShellWord;
    const text = word.text;
    i += 1;
    if (endOfOptions || text === undefined || text === '-' || !text.startsWith('-')) {
      if (text === undefined && !endOfOptions) dynamicOption = true;
      operands.push(word);
      if (spec.stopAtOperand) {
        operands.push(...args.slice(i));
        break;
      }
      continue;
    }
    if (text === '--') {
      endOfOptions = true;
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq === -1 ? text : text.slice(0, eq);
      if (eq !== -1) options.push({ name, value: { text: text.slice(eq + 1), glob: word.glob } });
      else if (spec.long?.includes(name) && i < args.length) {
        options.push({ name, value: args[i] });
        i += 1;
      } else options.push({ name });
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const letter = text[j] as string;
      if (spec.short?.includes(letter)) {
        const rest = text.slice(j + 1);
        if (rest.length > 0) options.push({ name: `-${letter}`, value: { text: rest, glob: word.glob } });
        else if (i < args.length) {
          options.push({ name: `-${letter}`, value: args[i] });
          i += 1;
        } else options.push({ name: `-${letter}` });
        break;
      }
      options.push({ name: `-${letter}` });
    }
  }
  return { options, operands, dynamicOption };
}

/** Whether `name` is `target` or an unambiguous-looking abbreviation of it (git accepts those). */
export function isLongPrefix(name: string, target: string, minLength = 4): boolean {
  return name.length >= minLength && target.startsWith(name);
}

export function word(text: string): ShellWord {
  return { text, glob: false };
}
