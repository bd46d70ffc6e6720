import type { CommandHandler } from './command-env.js';
import { parseArgs } from './options.js';

/**
 * Commands that change files without a deny-list rule of their own: their changes are recorded
 * for the taint guard (which asks a person for files the run has not written) and nothing more.
 */
export const touch: CommandHandler = (args, env) => {
  for (const file of parseArgs(args, { short: 'dtr', long: ['--date', '--reference'] }).operands) env.modifies('touch', file);
};

/** `patch` changes the files its diff names, which are not known statically; `-o FILE` writes FILE. */
export const patch: CommandHandler = (args, env) => {
  const parsed = parseArgs(args, { short: 'pFdDiorBVYzg', long: ['--strip', '--directory', '--input', '--output', '--reject-file', '--suffix'] });
  if (parsed.options.some((o) => o.name === '--dry-run')) return;
  const output = parsed.options.find((o) => o.name === '-o' || o.name === '--output')?.value;
  if (output) env.modifies('patch -o', output);
  else env.modifies('patch (the files its diff names)');
};
