import type { CommandHandler } from './command-env.js';
import { parseArgs } from './options.js';

/** `tar -x -C DIR` extracts into DIR; `tar -c -f FILE` writes FILE; `-P` keeps absolute member names. */
export const tar: CommandHandler = (args, env) => {
  const first = args[0]?.text;
  const words = first !== undefined && !first.startsWith('-') && /^[A-Za-z]+$/.test(first) ? [{ text: `-${first}`, glob: false }, ...args.slice(1)] : args;
  const parsed = parseArgs(words, { short: 'fCbHIKLNTVXg', long: ['--file', '--directory', '--exclude', '--files-from', '--use-compress-program', '--transform', '--owner', '--group', '--mode', '--format'] });
  const has = (...names: string[]): boolean => parsed.options.some((o) => names.includes(o.name));
  const extracting = has('-x', '--extract', '--get');
  const creating = has('-c', '-r', '-u', '--create', '--append', '--update');
  const dir = parsed.options.find((o) => o.name === '-C' || o.name === '--directory')?.value;
  if (extracting) {
    env.checkWrite(dir ?? { text: '.', glob: false }, 'tar -x');
    if (has('-P', '--absolute-names')) env.undecidable('tar -P extracts members to the absolute paths the archive names', true);
  }
  const file = parsed.options.find((o) => o.name === '-f' || o.name === '--file')?.value;
  if (creating && file && file.text !== '-') env.checkWrite(file, 'tar -c -f', { devices: true });
};

export const unzip: CommandHandler = (args, env) => {
  const parsed = parseArgs(args, { short: 'dxP', long: [] });
  const dir = parsed.options.find((o) => o.name === '-d')?.value;
  if (dir) env.checkWrite(dir, 'unzip -d');
  else if (!parsed.options.some((o) => ['-l', '-v', '-t', '-z', '-Z', '-p', '-c'].includes(o.name))) env.modifies('unzip (extracts here)');
};
